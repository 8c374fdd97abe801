import { cities } from './places';

/**
 * The business or event name exactly as written: a quoted name, the words after "llamado"/"called",
 * or the first run of capitalised words that is not a sentence opener, a place, a person named as
 * team or a brand of the web ("WhatsApp"). Inner "de", "de la", "y", "&", "of", "the" stay inside.
 */

const OPENERS = new Set(
  (
    'quiero|necesito|crea|créame|creame|haz|hazme|genera|diseña|diseña|monta|web|página|pagina|sitio|landing|una|un|mi|nuestra|nuestro|para|somos|soy|tengo|tenemos|es|el|la|los|las|con|en|y|hola|buenas|por|favor|me|nos|queremos|busco|' +
    "i|i'm|i’m|im|we|we're|my|our|a|an|the|create|build|make|design|need|want|website|site|page|for|please|hi|hello|it|this|is|with|in|and|" +
    'secciones|sections|colores|colours|colors|estilo|style|idioma|language|incluye|include|añade|add|quiero|tono|tone|dirección|address|teléfono|phone|email|correo|horario|hours|precios|prices|equipo|team|servicios|services|carta|menu|menú'
  ).split('|'),
);

const NOT_NAMES =
  /^(?:WhatsApp|Instagram|Facebook|Google(?: Maps)?|Maps|TikTok|LinkedIn|Twitter|YouTube|Spotify|Bizum|PayPal|Stripe|FAQ|FAQs|SEO|CTA|HTML|CSS|AA|WCAG|RSVP|España|Spain|México|Mexico|Argentina|Colombia|Chile|Perú|Peru|UK|USA|Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Septiembre|Octubre|Noviembre|Diciembre|January|February|March|April|June|July|August|September|October|November|December|Calle|Avenida|Plaza|Paseo|Street|Road|Avenue|C)$/u;

const CONNECTORS =
  /^(?:con|sin|with|de|del|de la|de las|de los|la|las|los|el|y|e|&|\+|of|the|and|'n'|n|da|do|dos|di|du|le|van|von)$/iu;

const QUOTED = /(?:^|[\s(:,])["“«‘']([^"”»’'\n]{2,60}?)["”»’'](?=$|[\s).,:;!?])/u;

export function quotedName(text: string): string | null {
  const m = text.match(QUOTED);
  const value = m?.[1]?.trim();
  return value && /[\p{L}\p{N}]/u.test(value) ? value : null;
}

function isCapital(word: string): boolean {
  return /^[\p{Lu}\p{N}]/u.test(word) || /^[\p{Ll}]+\p{Lu}/u.test(word);
}

/** The words after "llamado", "called"…: a capitalised run, or up to five words before a stop word. */
function introducedName(text: string): string | null {
  const m = text.match(
    /(?:llamad[oa]s?|se llama|de nombre|con el nombre(?: de)?|nombre\s*:|called|named|name is|name\s*:)\s+(.+)/iu,
  );
  if (!m?.[1]) return null;
  const words = m[1].split(/\s+/u);
  const kept: string[] = [];
  for (const raw of words) {
    const clean = raw.replace(/[.,;:!?)]+$/u, '');
    if (
      kept.length > 0 &&
      /^(?:en|in|con|with|que|that|para|for|y|and|de colores?|where|donde|un|una|a|an|el|the)$/iu.test(clean) &&
      !isCapital(words[kept.length + 1] ?? '')
    )
      break;
    if (kept.length > 0 && !isCapital(clean) && !CONNECTORS.test(clean)) break;
    if (!clean) break;
    kept.push(clean);
    if (clean !== raw || kept.length >= 6) break;
  }
  while (kept.length && CONNECTORS.test(kept.at(-1) ?? '')) kept.pop();
  const name = kept.join(' ');
  return name.length >= 2 ? name : null;
}

export interface NameOptions {
  /** People already known (team, speakers): not taken as the business name. */
  people?: string[];
  /** Whether a word only names a kind of business ("Panadería", "Bakery"): such runs are not names. */
  isKindWord?: (word: string) => boolean;
}

interface Run {
  value: string;
  index: number;
  /** The run opens a sentence (its capital may be only sentence case). */
  atStart: boolean;
  /** A lower-case word follows it directly. */
  nextLower: boolean;
  /** "en", "in", "desde"… comes just before it: more likely a place. */
  afterPlaceWord: boolean;
}

/** Capitalised runs, with their position; a run may hold connectors between capitalised words. */
function capitalRuns(text: string): Run[] {
  const runs: Run[] = [];
  const tokens = [...text.matchAll(/[\p{L}\p{N}'’&.@-]+|[^\s\p{L}\p{N}]/gu)];
  let current: { words: string[]; index: number; pending: string[]; atStart: boolean; afterPlaceWord: boolean } | null = null;
  let previousWord = '';
  const close = (next = '') => {
    if (current?.words.length) {
      runs.push({
        value: current.words.join(' '),
        index: current.index,
        atStart: current.atStart,
        nextLower: /^[\p{Ll}]/u.test(next) && !CONNECTORS.test(next),
        afterPlaceWord: current.afterPlaceWord,
      });
    }
    current = null;
  };
  let sentenceStart = true;
  for (const [index, token] of tokens.entries()) {
    const word = (token[0] ?? '').replace(/\.$/, '');
    const punctuation = !/[\p{L}\p{N}&+]/u.test(word);
    if (punctuation) {
      close();
      if (/[.!?:\n]/.test(token[0] ?? '')) sentenceStart = true;
      previousWord = '';
      continue;
    }
    // "La Espiga, panadería…": an article opening the sentence belongs to the name that follows.
    const next = tokens[index + 1]?.[0] ?? '';
    const afterNext = tokens[index + 2]?.[0] ?? '';
    const article = /^(?:la|el|los|las|the)$/iu.test(word) && isCapital(next);
    const opener = sentenceStart && OPENERS.has(word.toLowerCase()) && !article;
    const wasStart = sentenceStart;
    sentenceStart = (token[0] ?? '').endsWith('.') && !/^(?:Dr|Dra|Sr|Sra|St|Av|Avda|C)\.$/u.test(token[0] ?? '');
    if (isCapital(word) && !opener && !(wasStart && OPENERS.has(word.toLowerCase()) && !article)) {
      if (current) {
        current.words.push(...current.pending, word);
        current.pending = [];
      } else {
        current = {
          words: [word],
          index: token.index ?? 0,
          pending: [],
          atStart: wasStart,
          afterPlaceWord: /^(?:en|in|desde|from|near|cerca|at)$/iu.test(previousWord),
        };
      }
      if (sentenceStart) close();
      previousWord = word;
      continue;
    }
    // "Rock en el Valle": "en el" + a capital that is not a city stays inside the name.
    const innerPlace =
      /^(?:en|in|on)$/iu.test(word) &&
      /^(?:el|la|los|las|the)$/iu.test(next) &&
      isCapital(afterNext) &&
      !cityNames.has(afterNext.toLowerCase());
    if (current && (CONNECTORS.test(word) || innerPlace) && current.pending.length < 2) {
      current.pending.push(word);
      previousWord = word;
      continue;
    }
    close(word);
    previousWord = word;
  }
  close();
  return runs;
}

/** Common nouns that open a sentence capitalised and name no one ("Despacho de abogados…"). */
const GENERIC = new Set(
  'despacho|estudio|centro|tienda|academia|escuela|taller|clínica|clinica|empresa|grupo|web|página|landing|portfolio|portafolio|blog|negocio|local|asociación|proyecto|casa|studio|shop|store|company|business|practice|firm'.split(
    '|',
  ),
);

const cityNames = new Set(cities.map((c) => c.toLowerCase()));

export function findName(text: string, options: NameOptions = {}): string | null {
  const quoted = quotedName(text);
  if (quoted) return quoted;
  const introduced = introducedName(text);
  if (introduced) return introduced;
  const people = options.people ?? [];
  const candidates: string[] = [];
  const weak: string[] = [];
  for (const run of capitalRuns(text)) {
    let value = run.value;
    if (cityNames.has(value.toLowerCase())) continue;
    if (NOT_NAMES.test(value)) continue;
    // A name has words: not a number, a phone or "24h".
    if ((value.match(/\p{L}/gu) ?? []).length < 3) continue;
    if (people.some((p) => p === value || p.includes(value))) continue;
    // Only people named as team or speakers ("Rulo y Marta"): not the business.
    const unnamed = people
      .reduce((rest, p) => rest.split(p).join(' '), value)
      .split(/\s+/u)
      .filter(Boolean);
    if (people.length && unnamed.every((w) => CONNECTORS.test(w))) continue;
    const words = value.split(' ');
    while (words.length > 1 && NOT_NAMES.test(words[0] ?? '')) words.shift();
    value = words.join(' ');
    if (value.length < 2) continue;
    if (words.length === 1 && GENERIC.has(value.toLowerCase())) continue;
    const kindWord = options.isKindWord;
    const meaningful = words.filter((w) => !CONNECTORS.test(w) && !OPENERS.has(w.toLowerCase()));
    if (kindWord && meaningful.length <= 1 && meaningful.every((w) => kindWord(w))) continue;
    // A lone sentence-case word before lower-case text ("Casa rural…"), or a place after "en",
    // is a name only when nothing better comes.
    if ((words.length === 1 && run.atStart && run.nextLower) || run.afterPlaceWord) weak.push(value);
    else candidates.push(value);
  }
  return candidates[0] ?? weak[0] ?? null;
}
