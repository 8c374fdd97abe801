/**
 * The lists a brief gives: priced items ("croissant 1,20 €", "plan pro 29 €/mes"), plain lists after
 * a keyword ("servicios: ortodoncia, implantes y limpieza"), people (team, speakers) and sponsors.
 * Every value is copied as written.
 */

import { cities } from './places';

export interface PricedItem {
  label: string;
  price: string;
}

export interface Person {
  name: string;
  role?: string;
}

export interface BriefLists {
  prices: PricedItem[];
  /** Dishes or products named. */
  items: string[];
  /** Services, treatments, classes named. */
  services: string[];
  team: Person[];
  speakers: Person[];
  sponsors: string[];
  /** The questions the brief asks its FAQ to answer, as written. */
  questions?: string[];
  /** The brief's own sentences about the business (years, founding, figures, free offers), as written. */
  story?: string[];
}

const CLAIM =
  /(?:\b(?:19|20)\d{2}\b|\d+\s*(?:a[nñ]os|years|instalaciones|clientes|colmenas|hect[aá]reas|alumnos|socios|familias|proyectos|obras|camas|salas|installations|clients|customers|students|projects)|m[aá]s de \d|over \d|llevamos|fundad|founded|familiar|family[- ]run|family business|gratuit|gratis|\bfree\b|sin compromiso|cita previa|by appointment|experiencia|experience)/iu;
const NOT_STORY =
  /(?:quier|queremos|necesit|gustar|\bweb\b|p[aá]gina|\bsite\b|website|colou?r|estilo|style|tel[eé]f|\btel\b|\btlf|phone|whatsapp|@|horario|hours|abrimos|secci[oó]n|galer[ií]a|formulario|\bform\b|https?:|\d{3}[\s.-]?\d{2,3}[\s.-]?\d{2,3})/iu;

/** Sentences of the brief that tell something about the business in its own words. */
function storyOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && s.length <= 220 && CLAIM.test(s) && !NOT_STORY.test(s))
    .slice(0, 3)
    .map((s) => s.replace(/^\p{Ll}/u, (c) => c.toUpperCase()));
}

const cityNames = new Set(cities.map((c) => c.toLowerCase()));

const UNIT =
  'mes|month|mo|año|year|yr|hora|hour|hr|hrs|h|noche|night|persona|person|pax|sesi[oó]n|session|clase|class|semana|week|d[ií]a|day|kg|ud|unidad|docena|m2|m²';
/** An ISO currency code written after the amount ("$220 MXN", "$4.500 ARS"): part of the price. */
const CURRENCY_CODE = 'MXN|USD|EUR|COP|ARS|CLP|PEN|UYU|BOB|GTQ|CRC|DOP|BRL|GBP|CAD|AUD|NZD|CHF';
export const PRICE = `(?:(?:[$£€]|US\\$|S\\/|(?<![\\p{L}])(?:USD|EUR|MXN|COP|ARS|CLP|PEN))\\s?(?:\\d{1,3}(?:[.,]\\d{3})+|\\d+)(?:[.,]\\d{1,2})?(?:k)?|(?:\\d{1,3}(?:[.,]\\d{3})+|\\d+)(?:[.,]\\d{1,2})?\\s?(?:€|euros?|eur(?![\\p{L}])|\\$|usd|d[oó]lares|pesos|soles|quetzales|colones|bolivianos|reales|£))(?:\\s?(?:${CURRENCY_CODE})(?![\\p{L}]))?(?:\\s?(?:(?:al|a la|por|each|cada)\\s?(?:${UNIT})|(?:\\/|per)\\s?\\p{L}{1,12})(?![\\p{L}]))?`;

const LEAD =
  /^(?:vendemos|vende|ofrecemos|tenemos|hacemos|we sell|we offer|we have|we make|sells|offers|y|e|and|o|or|el|la|los|las|un|una|the|a|an|con|with|desde|from|por|for|precio|price|precios|prices|a partir de|cuesta|costs?|son|is|are|de|:|-|–)\s+/iu;
const TAIL = /\s+(?:a|por|at|for|desde|from|cuesta|cuestan|costs?|vale|valen|son|is|are|de|:|-|–|=|en)$/iu;

/** Separators inside brackets are part of the item ("canoa familiar (hasta 3, con remos) 55 €"). */
const masked = (s: string) => s.replace(/\([^()\n]*\)/gu, (m) => '\u0001'.repeat(m.length));

/** The words after the last list separator that is not inside brackets; an open bracket also separates. */
function lastClause(before: string, inPricedList = false): string {
  // In a list of priced items ("corte 15 €, barba 10 €, corte y barba 22 €") each clause between two
  // prices is one item, so an "y" inside it is part of its name.
  const separators = inPricedList ? /[,;:(\n]|\.\s/u : /[,;:(\n]|\s(?:y|e|and|&)\s|\.\s/u;
  const parts = masked(before).split(separators);
  const last = parts.at(-1) ?? '';
  return before.slice(before.length - last.length);
}

/** The parts of a list, split at separators outside brackets: "corte (hombre, niño), tinte" → 2 parts. */
function splitList(body: string, separator: RegExp): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of masked(body).matchAll(new RegExp(separator.source, 'giu'))) {
    out.push(body.slice(last, m.index));
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(body.slice(last));
  return out;
}

/** Items with a price: the words before each price, back to the previous delimiter. */
export function findPrices(text: string): PricedItem[] {
  const out: PricedItem[] = [];
  const re = new RegExp(PRICE, 'giu');
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    const before = text.slice(last, start);
    last = start + m[0].length;
    // "cambio de pila ($4.500)": a price in brackets belongs to the words before the bracket.
    // The clause follows another price, after a comma or "y": it is the next item of a priced list.
    const inPricedList = out.length > 0 && /^\s*(?:[,;]|(?:y|e|and|&)\s)/iu.test(before);
    const piece = lastClause(before.replace(/\s*\(\s*(?:desde|from|a partir de|approx\.?|aprox\.?)?\s*$/iu, ''), inPricedList);
    let label = piece
      .trim()
      .replace(/[:\-–=]+$/u, '')
      .trim();
    for (let i = 0; i < 3; i++) label = label.replace(LEAD, '').replace(TAIL, '').trim();
    const words = label.split(/\s+/).filter(Boolean);
    if (words.length > 6) label = words.slice(-4).join(' ');
    // "Hot desk €15/day or €180/month": a price after a bare "or" is another price of the same item.
    const previous = out.at(-1);
    if (previous && /^(?:o|u|or|y|e|and|&)$/iu.test(label)) {
      previous.price += ` ${label.toLowerCase()} ${m[0].trim()}`;
      continue;
    }
    out.push({ label: label.replace(/^[\p{Ll}]/u, (c) => c.toUpperCase()), price: m[0].trim() });
  }
  return out;
}

const STOP_ITEM =
  /(?:secci[oó]n|galer[ií]a|mapa|whatsapp|formulario|contacto|testimonios|opiniones|rese[nñ]as|preguntas|faq|colou?r|web|p[aá]gina|section|gallery|map|contact|form|reviews|tel[eé]fono|phone|email|correo|horario|hours|\d{3}[\s-]?\d{3})/iu;

/** A bulleted list read as one line ("Grace Lin - Free consultation form"): a bullet ends the list. */
const bulletCut = (body: string) => body.split(/\s[-–•·*]\s/u)[0] ?? '';

/**
 * Products named after a priced item ("tartas por encargo desde 25€, rosquillas, milhojas."): a
 * comma list right after the price, every part a short name without a price, or none is taken.
 */
function itemsAfterPrices(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`${PRICE}\\s*,\\s*([^.;:\\n]+)`, 'giu'))) {
    const body = bulletCut(m[1] ?? '');
    if (new RegExp(PRICE, 'iu').test(body)) continue;
    const parts = body
      .split(/,\s*|\s+(?:y|e|and|&)\s+/u)
      .map((p) => p.trim().replace(/[!?]+$/u, ''))
      .filter(Boolean);
    const ok = parts.every(
      (p) =>
        p.split(/\s+/u).length <= 3 &&
        !/\d|@/u.test(p) &&
        !STOP_ITEM.test(p) &&
        !LEAD.test(`${p} `) &&
        !/^(?:abiert|cerrad|open|closed|llam|call|reserv|book|pide|order|env[ií]o|delivery|desde|from|solo|only|todo|all|also|tambi[eé]n|tmb|m[aá]s|more)/iu.test(
          p,
        ),
    );
    if (ok && parts.length >= 2) out.push(...parts.map((p) => p.replace(/^[\p{Ll}]/u, (c) => c.toUpperCase())));
  }
  return out;
}

/** Words that make a sentence a request about the site, not a list of what the business does. */
const NOT_A_LIST =
  /(?:quier|queremos|gustar|me gusta|necesit|colou?r|estilo|fondo|tonos|\bweb\b|p[aá]gina|\bsite\b|style|\blook|want|would like|horario|hours|abrimos|open|tel[eé]fono|phone|whatsapp|e-?mail|correo|\bmail\b|direcci[oó]n|address|llam|call|somos|equipo|team|soy|me llamo|i'?m|precio|price|cuesta|desde|from|secci[oó]n|galer[ií]a|gallery|preguntas|testimonios|formulario|form|https?:|@)/iu;

/**
 * A sentence that is only a list ("reparación de PC, redes y wifi, cámaras de seguridad, backup"):
 * at least three short parts without digits, after an optional lead ("Atiendo", "Vendo", "Label:").
 */
function bareLists(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[.!?\n]+(?=\s|$)/u)) {
    const sentence = raw
      .replace(/\([^()]*\)/gu, ' ')
      .replace(
        /^\s*(?:[\p{L} ]{2,30}:|atiendo|atendemos|tratamos|trato|vendo|vendemos|reparamos|reparo|instalamos|imparto|impartimos|doy|damos)\s+/iu,
        '',
      )
      .trim();
    if (!sentence || NOT_A_LIST.test(raw)) continue;
    const parts = splitList(sentence, /,\s*|\s+(?:y|e|and|&)\s+(?=[^,]*$)/u)
      .map((p) => p.trim().replace(/^(?:y|e|and)\s+/iu, ''))
      .filter(Boolean);
    if (parts.length < 3 || parts.some((p) => /\d/u.test(p) || p.split(/\s+/u).length > 6 || STOP_ITEM.test(p))) continue;
    out.push(...parts.map((p) => p.replace(/^[\p{Ll}]/u, (c) => c.toUpperCase())));
  }
  return out;
}

/** The list after a keyword: "servicios: A, B y C" → [A, B, C]. */
function listAfter(text: string, keywords: string): string[] {
  const re = new RegExp(
    `(?<![\\p{L}])(?:${keywords})(?:\\s+(?:como|tipo|incluyen|incluye|son|that include|such as|including|like|are|de|del|con|with))?\\s*:?\\s+([^.;\\n]+)`,
    'giu',
  );
  const out: string[] = [];
  for (const m of text.matchAll(re)) {
    const cut = (m[1] ?? '').search(new RegExp(PRICE, 'iu'));
    // "Practice areas (family visas, work visas)": the list is the bracket.
    const bracketed = (m[1] ?? '').match(/^\(([^)]+)\)/u)?.[1];
    const body = bracketed ?? (cut >= 0 ? '' : bulletCut(m[1] ?? ''));
    const parts = splitList(body, /,\s*|\s+(?:y|e|and|&|o|or)\s+/u);
    for (const raw of parts) {
      const item = raw.trim().replace(/[.!?]+$/u, '');
      if (!item) continue;
      if (STOP_ITEM.test(item) || new RegExp(PRICE, 'iu').test(item)) break;
      // "fiscal (IVA, IRPF, declaración de la renta)": the words outside the bracket count.
      if (
        item
          .replace(/\([^()]*\)/gu, ' ')
          .trim()
          .split(/\s+/).length > 6
      )
        break;
      out.push(item.replace(/^[\p{Ll}]/u, (c) => c.toUpperCase()));
    }
  }
  return [...new Set(out)];
}

const SERVICE_WORDS =
  'hacemos|realizamos|hago|atiendo|atendemos|tratamos|reparamos|instalamos|nos dedicamos a|especialistas en|especializad[oa]s en|materias|[aá]reas|trabajos de|we do|i do|we provide|we specialise in|we specialize in|specialising in|specializing in|services include|servicios|tratamientos|ofrecemos|ofrece|terapias|especialidades m[eé]dicas|[aá]reas de pr[aá]ctica|clases de|cursos de|cursos|clases|actividades|services|treatments|we offer|offering|practice areas|classes|courses|activities|programas|programmes|programs|features|caracter[ií]sticas|funcionalidades|funciones';
const ITEM_WORDS =
  'nuestr[oa]s \\p{L}+(?=\\s*:)|our \\p{L}+(?=\\s*:)|carta(?! de presentaci[oó]n)|men[uú](?! de navegaci[oó]n)|platos|especialidades|productos|vendemos|vendo|vende|sells?|selling|dishes|products|(?:our |nuestros )?(?:wines|vinos|beers|cervezas)|salas|sabores|flavou?rs|modelos|models|colecciones|collections';

const NAME =
  '(?:(?:Dr|Dra|Sr|Sra|Mr|Mrs|Ms|Prof)\\.?\\s+)?\\p{Lu}[\\p{Ll}\\p{M}]+(?:[ -](?:(?:de|del|de la|van|von|da)\\s+)?\\p{Lu}[\\p{Ll}\\p{M}]+){1,2}';

/** People named after a keyword ("equipo: Ana López (fisio) y Luis Gil"), with a role when given. */
function peopleAfter(text: string, keywords: string): Person[] {
  const out: Person[] = [];
  const re = new RegExp(`(?<![\\p{L}])(?:${keywords})((?:[^.;\\n]|\\.(?<=(?:Dr|Dra|Sr|Sra|Mr|Mrs|Ms|Prof)\\.))*)`, 'giu');
  for (const m of text.matchAll(re)) {
    const body = bulletCut(m[1] ?? '');
    const people = new RegExp(
      `(${NAME})(?:\\s*\\(([^)]{2,40})\\)|,\\s*((?!y\\s)(?:\\p{Ll}[\\p{Ll}\\p{M}]+)(?:\\s\\p{Ll}[\\p{Ll}\\p{M}]+){0,2}))?`,
      'gu',
    );
    for (const p of body.matchAll(people)) {
      const name = (p[1] ?? '').trim();
      if (!name || out.some((o) => o.name === name)) continue;
      // "attorneys in San Diego": a place, not a person.
      if (
        /(?<![\p{L}])(?:in|en|at|from|desde|near|de)\s+$/iu.test(body.slice(0, p.index ?? 0)) ||
        cityNames.has(name.toLowerCase())
      )
        continue;
      const role = (p[2] ?? p[3] ?? '').trim();
      out.push(role ? { name, role } : { name });
    }
  }
  return out;
}

const TEAM_WORDS =
  'equipo|team|staff|formad[oa] por|lo forman|dirigid[oa] por|fundad[oa] por|led by|run by|founded by|profesores|teachers|instructores|instructors|entrenadores|trainers|doctores|doctors|socios|partners|con la doctora|con el doctor|chef|coaches|members|miembros|integrantes|hosts|presentador[ae]s|attorneys|lawyers|abogad[oa]s';

/**
 * A label naming a role, then a colon or a parenthesis, then people: "Directora: María Jesús Benito",
 * "tatuadores: Rulo y Marta", "coaches (Mike Alvarez, Jenna Park)", "Contact host: Carmen". After such
 * a label a single capitalised word is a name too.
 */
const ROLE_LABEL =
  '(?:[\\p{L}]+\\s+)?(?:director(?:a|es|as)?|directed by|coordinador(?:a|es|as)?|profesor(?:a|es|as)?|tutor(?:a|es|as)?|monitor(?:a|es|as)?|entrenador(?:a|es|as)?|coach(?:es)?|psic[oó]log[oa]s?|psychologists?|terapeutas?|therapists?|fisioterapeutas?|physios?|dentistas?|dentists?|doctor(?:a|es|as)?|m[eé]dic[oa]s?|veterinari[oa]s?|vets|abogad[oa]s?|attorneys?(?:\\s+profiles)?|lawyers?|arquitect[oa]s?|architects?|estilistas?|stylists?|peluquer[oa]s?|barber[oa]s?|barbers?|tatuador(?:a|es|as)?|tattoo artists?|artists?|artistas?|fot[oó]graf[oa]s?|photographers?|chefs?|cociner[oa]s?|cooks?|gu[ií]as?|guides?|hosts?|anfitri[oó]n(?:a|es)?|presentador(?:a|es|as)?|members|miembros|integrantes|m[uú]sicos|musicians|band|partners|socios|socias|fundador(?:a|es|as)?|founders?|equipo|team|staff|organizador(?:a|es|as)?|organi[sz]ers?|instructor(?:a|es|as)?|instructors?|teachers?|trainers?|speakers|ponentes|cartel|line-?up|profes|somos (?:dos|tres|cuatro|cinco|seis|\\d+)(?:\\s+\\p{L}+)?|we(?:’re| are) (?:two|three|four|five|six|\\d+)(?:\\s+\\p{L}+)?)';

/**
 * People who introduce themselves or a partner: "soy Laura y trabajo con mi compañera Sandra", "mi
 * nombre es Mtra. Daniela Treviño Olvera", "I'm Gonzalo Paz".
 */
function selfNamed(text: string): Person[] {
  const re =
    /(?<![\p{L}])(?:[Ss]oy|[Mm]e llamo|[Mm]i nombre es|[Mm]y name is|I'?m|I am|[Cc]ompa[nñ]er[oa]|[Ss]oci[oa]|[Pp]artner|[Cc]olleague|con mi (?:herman[oa]|marido|mujer|pareja|hij[oa]|padre|madre))\s+(?:(?:Dr|Dra|Mtra|Mtro|Lic|Sr|Sra|Mr|Mrs|Ms)\.?\s+)?(\p{Lu}[\p{Ll}\p{M}]+(?:\s+(?:(?:de|del|de la)\s+)?\p{Lu}[\p{Ll}\p{M}-]+){0,3})/gu;
  const out: Person[] = [];
  for (const m of text.matchAll(re)) {
    const name = m[1] ?? '';
    if (name && !cityNames.has(name.toLowerCase()) && !out.some((o) => o.name === name)) out.push({ name });
  }
  return out;
}

const PART_NAME = /^(\p{Lu}[\p{L}\p{M}'’]+(?:[ -](?:(?:de|del|de la|van|von|da)\s+)?\p{Lu}[\p{L}\p{M}'’]+){0,3})$/u;

/** People listed after a role label: every part of the list must be a name, or none is taken. */
function peopleListed(text: string, label: string): Person[] {
  const out: Person[] = [];
  // "Teachers are Sofia and Ben": "are"/"son" works as the colon.
  const re = new RegExp(`(?<![\\p{L}])${label}\\s*(?::\\s*([^.;\\n]+)|\\(([^)]+)\\)|\\s(?:are|son|somos)\\s+([^.;\\n]+))`, 'giu');
  // Titles are dropped first, so their full stop does not end the list.
  const plain = text.replace(/\b(?:Dr|Dra|Sr|Sra|Mr|Mrs|Ms|Prof)\.\s*/gu, '');
  for (const m of plain.matchAll(re)) {
    const body = bulletCut(m[1] ?? m[2] ?? m[3] ?? '');
    const found: Person[] = [];
    for (const raw of splitList(body, /,\s*|\s+(?:y|e|and|&)\s+/u)) {
      const roleMatch = raw.match(/\(([^)]{2,40})\)/u);
      const part = raw
        .replace(/\s*\([^)]*\)?/gu, '')
        .trim()
        .replace(/[!?]+$/u, '');
      if (!part) continue;
      const name = part.match(PART_NAME)?.[1];
      if (!name) break;
      found.push(roleMatch?.[1] ? { name, role: roleMatch[1].trim() } : { name });
    }
    for (const p of found) if (!out.some((o) => o.name === p.name)) out.push(p);
  }
  return out;
}

/** The people of `a`, then those of `b` not already there ("Pedro Gil" is "Dr. Pedro Gil"). */
const merge = (a: Person[], b: Person[]) => [
  ...a,
  ...b.filter((p) => !a.some((o) => o.name === p.name || o.name.endsWith(` ${p.name}`))),
];
const SPEAKER_WORDS =
  'ponentes|speakers|charlas de|talks by|con la participaci[oó]n de|invitad[oa]s|guests|keynotes? de|keynote by|line-?up|cartel';
const SPONSOR_WORDS = 'patrocinadores|patrocinado por|patrocinan|sponsors|sponsored by|partners|colaboradores';

/**
 * Questions for the FAQ: every "¿…?" of a brief that asks for one, and in English the questions after
 * "FAQ:" / "questions:" ("FAQ: Do you fix e-bikes? Do I need an appointment?").
 */
export function findQuestions(text: string): string[] {
  if (!/(?<![\p{L}])(?:preguntas|faqs?|dudas|questions|q&a)(?![\p{L}])/iu.test(text)) return [];
  const spanish = [...text.matchAll(/¿([^?¿]{3,140})\?/gu)].map((m) => `¿${(m[1] ?? '').trim()}?`);
  const english: string[] = [];
  for (const m of text.matchAll(/(?:faqs?|questions|q&a)[^:.\n]{0,40}:\s*((?:[^.:\n¿?]{3,140}\?\s*)+)/giu))
    for (const q of (m[1] ?? '').matchAll(/[^?]+\?/gu)) english.push(q[0].trim().replace(/^["“']|["”']$/gu, ''));
  return [...new Set([...spanish, ...english])].slice(0, 12);
}

export function findLists(text: string): BriefLists {
  const sponsors = listAfter(text, SPONSOR_WORDS).filter((s) => s.length <= 40);
  const speakers = merge(peopleAfter(text, SPEAKER_WORDS), peopleListed(text, `(?:${SPEAKER_WORDS})`));
  return {
    prices: findPrices(text),
    items: [...new Set([...listAfter(text, ITEM_WORDS), ...itemsAfterPrices(text)])],
    services: (() => {
      const cued = listAfter(text, SERVICE_WORDS);
      const folded = new Set(cued.map((c) => c.toLowerCase()));
      return [...cued, ...bareLists(text).filter((b) => !folded.has(b.toLowerCase()))];
    })(),
    team: merge(merge(peopleAfter(text, TEAM_WORDS), peopleListed(text, ROLE_LABEL)), selfNamed(text)).filter(
      (p) => !speakers.some((s) => s.name === p.name),
    ),
    speakers,
    sponsors,
    questions: findQuestions(text),
    story: storyOf(text),
  };
}
