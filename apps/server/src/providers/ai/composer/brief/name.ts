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
  /^(?:con|sin|with|de|del|de la|de las|de los|la|las|los|el|y|e|i|&|\+|of|the|and|'n'|n|da|do|dos|di|du|le|van|von)$/iu;

const QUOTED = /(?:^|[\s(:,])["“«‘']([^"”»’'\n]{2,60}?)["”»’'](?=$|[\s).,:;!?])/u;

/** A quoted section title, button text or slogan ("una sección “Sobre mí”") is not the name. */
const QUOTED_NOT_NAME =
  /(?:secci[oó]n|section|apartado|p[aá]gina|page|pesta[nñ]a|tab|bot[oó]n|button|t[ií]tulo|titled|title|frase|texto|text|lema|eslogan|slogan|tagline|cta|men[uú])\s*(?:de|llamad[oa]|que diga|que ponga|called|saying|:)?\s*$/iu;

export function quotedName(text: string): string | null {
  const all = [...text.matchAll(new RegExp(QUOTED.source, 'gu'))];
  for (const [i, m] of all.entries()) {
    const value = m[1]?.trim();
    if (!value || !/[\p{L}\p{N}]/u.test(value)) continue;
    // Titles in a list ("obras: 'Bodas de sangre', 'El avaro'") are the offer, not the name.
    const gap = (a?: RegExpMatchArray, b?: RegExpMatchArray) =>
      a && b ? text.slice((a.index ?? 0) + a[0].length, b.index ?? 0) : '';
    const listed = (g: string) => g.length <= 60 && /^[^.;:!?]*(?:,|\sy\s|\sand\s|\se\s)[^.;:!?]*$/iu.test(g);
    if (listed(gap(m, all[i + 1])) || listed(gap(all[i - 1], m))) continue;
    const before = text.slice(0, (m.index ?? 0) + m[0].indexOf(m[1] ?? '') - 1);
    if (QUOTED_NOT_NAME.test(before)) continue;
    return value;
  }
  return null;
}

function isCapital(word: string): boolean {
  return /^[\p{Lu}\p{N}]/u.test(word) || /^[\p{Ll}]+\p{Lu}/u.test(word);
}

/** The words after "llamado", "called"…: a capitalised run, or up to five words before a stop word. */
/** Naming phrases for the brand or the site itself: they win over any other name in the brief. */
const BRAND =
  /(?:la marca es|marca\s*:|la web se (?:llame|llamar[ií]a|va a llamar|llamar[aá])|la p[aá]gina se (?:llame|llamar[ií]a)|nos llamamos|brand(?: name)? is|business is called|company is called|(?:shop|studio|site|website) is called|we(?:'re| are) called)\s+(.+)/iu;
/** "Mi emprendimiento es Río Claro Tours", "our company is Nordlicht": the business named by its owner. */
const OWN_BUSINESS =
  /(?<![\p{L}])(?:[Mm]i|[Nn]uestr[oa]|[Mm]y|[Oo]ur)\s+(?:emprendimiento|negocio|empresa|marca|proyecto|business|company|brand)\s+(?:es|se llama|is|is called)\s+([\p{Lu}"“«][\s\S]*)/u;
const NAMING = /(?:llamad[oa]s?|se llama|de nombre|con el nombre(?: de)?|nombre\s*:|called|named|name is|name\s*:)\s+(.+)/giu;
/** "un pueblo que se llama X", "mi perro se llama X", "me llamo X": a place or a person, not the business. */
const NOT_THE_BUSINESS =
  /(?:pueblo|village|town|ciudad|city|barrio|calle|street|perr[oa]|dog|hij[oa]|son|daughter|me|my name|i am|i'm)\s+(?:que\s+)?$/iu;

function introducedName(text: string): string | null {
  for (const m of text.matchAll(NAMING)) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 24), m.index ?? 0);
    if (NOT_THE_BUSINESS.test(before)) continue;
    const name = nameAt(m[1] ?? '');
    if (name) return name;
  }
  // "somos Cielos de Tabernas", "we're Blue Lagoon Pool Care": a capital after "somos" / "we're".
  const us = text.match(
    /(?:^|[\s,.!])(?:somos|we(?:'re| are))\s+(?!(?:un|una|unos|unas|a|an|the|el|la|los|las|tres|dos|\d)\s)(?=\p{Lu}\p{Ll})(.+)/u,
  )?.[1];
  return us ? nameAt(us) : null;
}

/** The capitalised words a naming phrase is followed by ("Fang i Foc. Doy cursos" → "Fang i Foc"). */
function nameAt(rest: string): string | null {
  if (/^["“«'‘]/u.test(rest)) return quotedName(rest);
  const words = rest.split(/\s+/u);
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

/** Titles and abbreviations written before a name ("Hnos. Pérez", "Dra. Ruiz", "Sta. Ana"). */
const ABBREVIATION = /^(?:Dr|Dra|Sr|Sra|Srta|Hnos|Hno|Dña|Ntra|Ntro|Sta|Sto|Gral|Prof|Mr|Mrs|Ms)\.$/u;

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
    // "Hnos. Pérez", "Dra. Ruiz": an abbreviation keeps its point and does not end the sentence.
    const abbreviation = ABBREVIATION.test(token[0] ?? '');
    const word = abbreviation ? (token[0] ?? '') : (token[0] ?? '').replace(/\.$/, '');
    // Written right after the previous token, with no space between.
    const glued = (tokens[index - 1]?.index ?? -1) + (tokens[index - 1]?.[0]?.length ?? 0) === token.index;
    // "Sonríe+": a plus glued to the name's last word is part of it.
    if (word === '+' && glued && current?.words.length && current.pending.length === 0) {
      current.words[current.words.length - 1] += '+';
      continue;
    }
    const punctuation = !/[\p{L}\p{N}&+]/u.test(word);
    // "PANADERIA LA ESPIGA EN SEVILLA": in capitals, "EN"/"IN" before a place still ends the name
    // ("ROCK EN EL VALLE" keeps its "en el", as in lower case).
    const following = tokens[index + 1]?.[0] ?? '';
    if (
      /^(?:EN|IN|DESDE|FROM)$/u.test(word) &&
      current?.words.length &&
      isCapital(following) &&
      !/^(?:EL|LA|LOS|LAS|THE)$/u.test(following)
    ) {
      close(word);
      previousWord = word;
      continue;
    }
    if (punctuation) {
      // "Speak Up! en Alcobendas": an exclamation glued to the name, with the sentence going on.
      const after = tokens[index + 1]?.[0] ?? '';
      if (current?.words.length && /^[!?]$/u.test(word) && glued && /^\p{Ll}/u.test(after)) {
        current.words[current.words.length - 1] += word;
        close(after);
        previousWord = '';
        continue;
      }
      // "Ludoteca ¡Jugamos!": a lone opening word before a marked name only says what it is
      // (read like a lone word before lower-case text).
      if (/^[¡¿«“]$/u.test(word) && current?.words.length === 1) {
        close('a');
        continue;
      }
      // "Hartley, Moss & Lin": one surname, a comma, then surnames joined by "&"/"and"/"y".
      const tail = text.slice((token.index ?? 0) + 1).match(/^\s(\p{Lu}[\p{L}'’-]+)\s(?:&|and|y|e)\s\p{Lu}/u);
      if (current?.words.length === 1 && current.pending.length === 0 && word === ',' && glued && tail) {
        current.words[0] += ',';
        previousWord = '';
        continue;
      }
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
    sentenceStart = (token[0] ?? '').endsWith('.') && !abbreviation && !/^(?:St|Av|Avda|C)\.$/u.test(token[0] ?? '');
    if (isCapital(word) && !opener && !(wasStart && OPENERS.has(word.toLowerCase()) && !article)) {
      if (current) {
        current.words.push(...current.pending, word);
        current.pending = [];
      } else {
        // "¡Fuga!": an opening mark glued to the name belongs to it.
        const mark = tokens[index - 1]?.[0] ?? '';
        const markGlued = (tokens[index - 1]?.index ?? -2) + 1 === token.index;
        current = {
          words: [/^[¡¿]$/u.test(mark) && markGlued ? `${mark}${word}` : word],
          index: token.index ?? 0,
          pending: [],
          atStart: wasStart,
          afterPlaceWord: /^(?:en|in|desde|from|near|cerca|at|serving|covering)$/iu.test(previousWord),
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
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const foldedCityNames = new Set(cities.map(fold));

export function findName(text: string, options: NameOptions = {}): string | null {
  const brand = text.match(BRAND)?.[1] ?? text.match(OWN_BUSINESS)?.[1];
  const branded = brand ? nameAt(brand) : null;
  if (branded) return branded;
  // "el taller se llama Fang i Foc" names the business; a quoted "haz tu taza" later is a product.
  const introduced = introducedName(text);
  if (introduced) return introduced;
  const quoted = quotedName(text);
  if (quoted) return quoted;
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
  return candidates[0] ?? lowerCaseName(text, options) ?? weak[0] ?? null;
}

/** Words that describe a business rather than name it ("panadería artesana en Lugo"). */
const DESCRIPTIVE =
  /^(?:urgentes?|24h|24 horas|artesan[oa]s?|artesanal(?:es)?|familiar(?:es)?|tradicional(?:es)?|ecol[oó]gic[oa]s?|org[aá]nic[oa]s?|barat[oa]s?|nuev[oa]s?|pequeñ[oa]s?|modern[oa]s?|online|local(?:es)?|profesional(?:es)?|econ[oó]mic[oa]s?|low cost|premium|infantil(?:es)?|canin[oa]s?|mec[aá]nic[oa]s?|dental(?:es)?|integral(?:es)?|independientes?|boutique|vegan[oa]s?|veganas?|sin gluten|a domicilio|de confianza|de barrio|del barrio|abiert[oa]s?|cerca|m[aá]s|muy|mejor(?:es)?|buen[oa]s?|gran(?:des?)?|local|small|family|local|new|cheap|best|good)$/iu;

/**
 * A name written in lower case right after the kind words that open the brief ("floristeria
 * margarita en gijon", "estudio de tatuajes tinta negra ink en zaragoza"): the words between the
 * kind and "en"/"in"/a comma, title-cased. Only when the brief writes its opening clause in lower case.
 */
function lowerCaseName(text: string, options: NameOptions): string | null {
  const kindWord = options.isKindWord;
  if (!kindWord) return null;
  const clause = text.match(/^[^.,;:!?()\n]+/u)?.[0] ?? '';
  if (/\p{Lu}/u.test(clause)) return null;
  const words = clause.trim().split(/\s+/u);
  let i = 0;
  let sawKind = false;
  // "vivero y floristeria": a word joined by "y" to a kind word is part of the kind.
  if (words.length > 3 && /^(?:y|e|and|&)$/u.test(words[1] ?? '') && kindWord(words[2] ?? '')) i = 2;
  // The kind words: "floristeria", "estudio de tatuajes", "bar de tapas".
  while (i < words.length) {
    const w = words[i] ?? '';
    const pair = `${w} ${words[i + 1] ?? ''}`;
    if (kindWord(w) || GENERIC.has(w) || (sawKind && DESCRIPTIVE.test(w))) {
      sawKind ||= kindWord(w);
      i++;
    } else if (i + 1 < words.length && kindWord(pair)) {
      sawKind = true;
      i += 2;
    } else if (sawKind || GENERIC.has(words[i - 1] ?? '')) {
      // "taller de bicis", "tienda de ropa": the kind's complement, unless it is the town.
      const next = words[i + 1] ?? '';
      if (/^(?:de|del)$/u.test(w) && next && !foldedCityNames.has(fold(next)) && words.length > i + 2) {
        sawKind ||= kindWord(next) || kindWord(words[i - 1] ?? '');
        i += 2;
        continue;
      }
      break;
    } else break;
  }
  if (!sawKind || i === 0) return null;
  const rest: string[] = [];
  const tail = words.slice(i);
  for (const [k, w] of tail.entries()) {
    // "el jardin de olga": an inner "de" stays, unless a town follows ("margarita de gijon").
    const next = tail[k + 1] ?? '';
    const innerOf = /^(?:de|del)$/u.test(w) && rest.length > 0 && next && !foldedCityNames.has(fold(next)) && k + 2 < tail.length;
    if (/^(?:en|in|de|del|desde|from|at|con|with|para|for|que|that|y|and|a|al)$/u.test(w) && rest.length && !innerOf) break;
    rest.push(w);
  }
  if (rest.length === 0 || rest.length > 4) return null;
  // "el trigal", "la hoja suelta": an article may open the name; other words must name.
  const inner = /^(?:el|la|los|las|the)$/u.test(rest[0] ?? '') && rest.length > 1 ? rest.slice(1) : rest;
  if (CONNECTORS.test(rest.at(-1) ?? '')) return null;
  if (
    inner.some(
      (w, k) =>
        DESCRIPTIVE.test(w) ||
        (OPENERS.has(w) && !(k > 0 && CONNECTORS.test(w))) ||
        (k === 0 && CONNECTORS.test(w)) ||
        /\d/u.test(w),
    )
  )
    return null;
  if (rest.length === 1 && (kindWord(rest[0] ?? '') || GENERIC.has(rest[0] ?? ''))) return null;
  if (cityNames.has(rest.join(' ')) || foldedCityNames.has(fold(rest.join(' ')))) return null;
  // Title case, with inner "de", "y", "la" left in lower case.
  return rest.map((w, k) => (k > 0 && CONNECTORS.test(w) ? w : w.replace(/^\p{Ll}/u, (c) => c.toUpperCase()))).join(' ');
}
