import { defaultPalettes, defaultSections, familyTone, sectionWords, tones } from './analyse.data';
import { type ContactFacts, findContactFacts } from './brief/contact';
import { businessNoun, detectKindId, isKindWord, kindById, kindWordOf, namesOwnNoun } from './brief/detect';
import { type Extra, findExtras } from './brief/extras';
import type { KindDef } from './brief/kind-types';
import { type BriefLists, findLists, PRICE } from './brief/lists';
import { findName } from './brief/name';
import { type ContactFormField, type FormExtra, findContactFormFields, findFormExtras } from './contact-form';
import { chooseFamily } from './design/choose';

export { defaultPalettes, defaultSections };

/**
 * Reads a site description (Spanish or English) the way a person would skim it: what kind of site,
 * its name, the language, the colours and the sections asked for. Deterministic: the same prompt
 * always gives the same brief.
 */

export const siteKinds = [
  'restaurant',
  'portfolio',
  'saas',
  'shop',
  'blog',
  'agency',
  'event',
  'personal',
  'fitness',
  'business',
] as const;
export type SiteKind = (typeof siteKinds)[number];

/** Sections in the order they appear on a page. */
export const sectionIds = [
  'hero',
  'about',
  'services',
  'menu',
  'products',
  'posts',
  'episodes',
  'schedule',
  'speakers',
  'gallery',
  'pricing',
  'testimonials',
  'team',
  'sponsors',
  'faq',
  'newsletter',
  'booking',
  'rsvp',
  'map',
  'contact',
  'whatsapp',
  'footer',
] as const;
export type SectionId = (typeof sectionIds)[number];

export type Language = 'es' | 'en';

export interface Palette {
  primary: string;
  accent: string;
  dark: boolean;
}

export type Tone = 'elegant' | 'playful' | 'minimal' | 'bold' | 'warm' | 'serious';

/** What the brief says beyond kind, name and colours; every value copied as written. */
export interface BriefFacts extends ContactFacts, BriefLists {
  /** Requested sections without a template of their own, shown inside another (brief/extras.ts). */
  extras?: Extra[];
}

export interface SiteBrief {
  /** The layout family (one of the starter templates). */
  kind: SiteKind;
  /** The kind of the taxonomy ("bakery", "dental"…); the family's own when absent. */
  kindId?: string;
  /** A trade outside the taxonomy in the brief's own words ("alquiler de kayaks"), for the neutral layout. */
  noun?: string;
  /**
   * The kind was reached through a neighbouring word, not its own noun ("hostal" → hotel): its layout
   * stays, but its sample items, offer title and tagline are the neutral ones (issue 37, ADR 0269).
   */
  borrowed?: boolean;
  name: string;
  language: Language;
  palette: Palette;
  sections: SectionId[];
  facts?: BriefFacts;
  tone?: Tone;
  /** Which of the designs of its kind and tone (deterministic from the brief). */
  design?: number;
  /** Header fixed on scroll. */
  sticky?: boolean;
  /** Bigger hero. */
  bigHero?: boolean;
  /** The design family (design/families.data.ts), chosen from kind, tone and style words. */
  family?: string;
  /** Heading font family, when asked for one. */
  font?: string;
  /** Fields the brief asks the contact form for beyond name, email and message (contact-form.ts). */
  formFields?: ContactFormField[];
  /** Fields the brief names for its form in its own words ("nombre del familiar", "RUT"). */
  formExtras?: FormExtra[];
  /** The brief's own words for a stock field it named ("Celular" for the phone). */
  formLabels?: Partial<Record<ContactFormField, string>>;
}

export function emptyFacts(): BriefFacts {
  return { social: [], prices: [], items: [], services: [], team: [], speakers: [], sponsors: [] };
}

/** Letters of any alphabet count as word characters (\b does not know accents). */
export function wordPattern(words: string, flags = 'iu'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})(?![\\p{L}\\p{N}])`, flags);
}

interface NamedColour {
  hex: string;
  pattern: RegExp;
}

/** Colour names in Spanish and English (with gender and plural forms). Longer names first. */
export const namedColours: NamedColour[] = [
  ['#1e3a8a', 'azul marino|azul oscuro|navy(?: blue)?|dark blue'],
  ['#0ea5e9', 'azul claro|azul cielo|celestes?|light blue|sky blue'],
  ['#65a30d', 'verde lima|limas?|lime(?: green)?'],
  ['#166534', 'verde oscuro|verde bosque|dark green|forest green'],
  ['#0d9488', 'turquesas?|verde azulado|teal|turquoise'],
  ['#7f1d1d', 'burdeos|granates?|vino tinto|burgundy|maroon|wine'],
  ['#2563eb', 'azul(?:es)?|blue'],
  ['#dc2626', 'roj[oa]s?|red'],
  ['#16a34a', 'verdes?|green'],
  ['#eab308', 'amarill[oa]s?|yellow'],
  ['#ea580c', 'naranjas?|anaranjad[oa]s?|orange'],
  ['#7c3aed', 'morad[oa]s?|violetas?|púrpuras?|purpuras?|lilas?|purple|violet|lilac'],
  ['#db2777', 'rosas?|rosad[oa]s?|fucsias?|pink|magenta|fuchsia'],
  ['#4f46e5', 'índigo|indigo'],
  ['#0891b2', 'cian|cyan|aguamarina|aqua'],
  ['#ca8a04', 'dorad[oa]s?|oro|gold(?:en)?'],
  ['#f97316', 'coral'],
  ['#92400e', 'marr[oó]n(?:es)?|chocolate|brown'],
  ['#d6c7a1', 'beige|arena|crema|sand|cream'],
  ['#6b7280', 'gris(?:es)?|gr[ae]y|plata|platead[oa]s?|silver'],
  ['#111827', 'negr[oa]s?|black'],
  ['#ffffff', 'blanc[oa]s?|white'],
].map(([hex, words]) => ({ hex: hex as string, pattern: wordPattern(words as string, 'giu') }));

/** Every colour the text names (names and #hex), in the order they appear. */
export function findColours(text: string): string[] {
  const found: { index: number; hex: string; end: number }[] = [];
  const taken: [number, number][] = [];
  for (const colour of namedColours) {
    colour.pattern.lastIndex = 0;
    for (const match of text.matchAll(colour.pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      found.push({ index: start, hex: colour.hex, end });
    }
  }
  for (const match of text.matchAll(/#([0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-z])/giu)) {
    const raw = (match[1] ?? '').toLowerCase();
    const hex = raw.length === 3 ? `#${[...raw].map((c) => c + c).join('')}` : `#${raw}`;
    found.push({ index: match.index ?? 0, hex, end: 0 });
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.hex);
}

const spanishMarkers = wordPattern(
  'crea|crear|haz|hazme|quiero|necesito|una|un|para|con|del|el|la|al|las|los|es|por|sitio|p[aá]gina|secci[oó]n|secciones|llamad[oa]|mi|nuestra|nuestro|y|de|que|colores?|tienda|web de|cambia|cambiar|a[nñ]ade|agrega|quita|elimina|borra|pon|t[ií]tulo|fondo|en|tenemos|somos|ofrecemos|precios|horario|servicios|equipo|galer[ií]a|mapa|también|muy|más',
  'gu',
);
const englishMarkers = wordPattern(
  'create|make|build|i|want|need|an|for|with|the|website|site|page|section|sections|called|named|my|our|and|of|that|colours?|colors?|store|landing|to|change|add|remove|delete|it|is|in|please|title|background|do|this|these|more|less|bigger|smaller|can|you|should|would|be|are|on|we|us|from|hours|prices|team|gallery|map|about|contact|open|book|near|by|per|only|every|just|also|will|has|who|order|tickets|need|run|love|would|like|weekends?|weekdays|closed|daily|call|based|runs|guided|walks|tours?|free|night|month|session|classes|bedrooms?|sleeps|views|rules|ships|handmade|next|new|listen|starting|hello|welcome|discovery|days?',
  'gu',
);

/** Spanish or English: an explicit request wins, then the language most lower-case words belong to. */
export function detectLanguage(text: string): Language {
  if (wordPattern('(?:en|al|a) ingl[eé]s|in english|english version|versi[oó]n en ingl[eé]s', 'iu').test(text)) return 'en';
  if (wordPattern('en español|en castellano|in spanish|into spanish|to spanish|spanish version', 'iu').test(text)) return 'es';
  // Proper names ("Cádiz", "La Espiga") say nothing about the language the brief is written in.
  // Nor do the names of priced items ("patatas bravas £6" in an English brief), nor quoted names.
  const unpriced = text
    .replace(new RegExp(`(?:[\\p{L}'’]+\\s+){0,4}${PRICE}`, 'giu'), ' ')
    .replace(/["“«][^"”»\n]{2,60}["”»]/gu, ' ');
  // A proper name goes whole, with its inner articles ("Camino de Santiago", "Barrio de la Luna").
  const common = unpriced.replace(
    /(?<![\p{L}])\p{Lu}[\p{L}'’-]*(?:\s+(?:de|del|de la|de los|de las|la|el|y|e)\s+\p{Lu}[\p{L}'’-]*)*/gu,
    ' ',
  );
  const es = [...common.matchAll(spanishMarkers)].length + (/[ñ¿¡]|[áéíóú](?=\p{Ll})|\p{Ll}[áéíóú]/u.test(common) ? 1 : 0);
  const en = [...common.matchAll(englishMarkers)].length;
  return en > es ? 'en' : 'es';
}

export const sectionPatterns = sectionWords.map(([id, words]) => ({ id, pattern: wordPattern(words, 'giu') }));

/** Sections the text names, in page order. */
export function findSections(text: string): SectionId[] {
  const found = new Set<SectionId>();
  for (const { id, pattern } of sectionPatterns) {
    pattern.lastIndex = 0;
    if (pattern.test(text)) found.add(id);
  }
  return sectionIds.filter((id) => found.has(id));
}

/** A colour light enough that white text on it would be hard to read. */
export function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return (r * 299 + g * 587 + b * 114) / 1000 > 170;
}

export function detectTone(text: string, family: SiteKind): Tone {
  let best: { tone: Tone; index: number } | null = null;
  for (const [tone, words] of tones) {
    const m = wordPattern(words, 'iu').exec(text);
    if (m && (!best || (m.index ?? 0) < best.index)) best = { tone, index: m.index ?? 0 };
  }
  return best?.tone ?? familyTone[family];
}

/** A small stable hash of a string (FNV-1a), for choices that must repeat for the same brief. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Sections a fact calls for: a menu for dishes, a map for an address, pricing for prices… */
function impliedSections(kind: KindDef, facts: BriefFacts): SectionId[] {
  const out: SectionId[] = [];
  const food = kind.family === 'restaurant';
  if (facts.items.length) out.push(food && kind.ctaTarget !== 'contact' ? 'menu' : food ? 'products' : 'products');
  if (facts.services.length) out.push('services');
  if (facts.prices.length) out.push(food ? (kind.sections.includes('products') ? 'products' : 'menu') : 'pricing');
  if (facts.team.length) out.push('team');
  if (facts.speakers.length) out.push('speakers');
  if (facts.sponsors.length) out.push('sponsors');
  if (facts.address) out.push('map');
  return out;
}

/** `kindId` (a kind of the taxonomy) replaces the one read from the text: the kind a person chose in the card. */
export function analysePrompt(prompt: string, options: { kindId?: string } = {}): SiteBrief {
  const text = prompt.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const language = detectLanguage(text);
  const lists = findLists(text);
  const people = [...lists.team, ...lists.speakers].map((p) => p.name);
  const name = findName(text, { people, isKindWord });
  // Addresses and links say nothing about the kind ("books@chapterone.co.uk").
  // "Book a call", "Book now": the verb, not a book.
  const plain = text
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/\S+/gu, ' ')
    .replace(/(?<![\p{L}])book(?= (?:a|an|your|now|online|today)(?![\p{L}]))/giu, '    ');
  const kind = kindById(options.kindId ?? detectKindId(plain, language, name));
  const contact = findContactFacts(text, name);
  const facts: BriefFacts = { ...contact, ...lists };
  const colours = findColours(text.replace(name ?? '\u0000', ' '));
  const [basePrimary = '#1d4ed8', baseAccent = '#0e7490'] = kind.palette;
  // "verde oscuro" is a colour, not a dark theme: look for the theme words outside colour names.
  const withoutColours = namedColours.reduce((rest, colour) => rest.replace(colour.pattern, ' '), text);
  const dark = wordPattern(
    '(?:modo|tema|fondo|estilo|dise[nñ]o|look|aspecto|web|p[aá]gina) oscur[oa]|oscur[oa] rollo|fondo negro|todo (?:en )?negro|sobre (?:fondo )?negro|dark (?:mode|theme|background|style|design|look|site|website)|(?:all|mostly) black|on black|nocturn[oa]',
    'iu',
  ).test(withoutColours);
  let primary = colours[0] ?? basePrimary;
  let accent = colours.find((c) => c !== primary) ?? baseAccent;
  // White as the main colour means a white background: keep it out of buttons and headings.
  if (primary === '#ffffff') primary = colours.find((c) => c !== '#ffffff') ?? basePrimary;
  if (accent === '#ffffff' || accent === primary) accent = baseAccent === primary ? basePrimary : baseAccent;
  let rest = text;
  for (const cut of [name, contact.address, contact.email]) if (cut) rest = rest.replace(cut, ' ');
  // "Sin precios", "sin formulario, solo el correo", "no reviews": a section said not to be wanted.
  let asked = findSections(
    rest.replace(/(?<![\p{L}])(?:sin|without|no|nada de)\s+(?:(?:el|la|los|las|un|una|the|a|any)\s+)?\p{L}+/giu, ' '),
  );
  // A section named in the brief that the library has (or is another fact) is not an extra block.
  const extras = findExtras(
    rest,
    language,
    contact.date,
    (title) =>
      findSections(title).length > 0 ||
      /whatsapp|mapa|map|contact|formulario|form|precio|price|galer|gallery|foto|photo|preguntas|faq|opiniones|reviews|testimoni/iu.test(
        title,
      ),
  );
  if (extras.length) facts.extras = extras;
  // "carta" and "menú" are a menu for food places; elsewhere a menu is the navigation.
  if (
    kind.family !== 'restaurant' &&
    !wordPattern('carta de|platos|dishes|men[uú] del d[ií]a|food menu|drinks menu', 'iu').test(rest)
  ) {
    asked = asked.filter((s) => s !== 'menu');
  }
  if (asked.includes('whatsapp') && !contact.phone) asked = asked.filter((s) => s !== 'whatsapp');
  const wanted = new Set<SectionId>(['hero', ...kind.sections, ...asked, ...impliedSections(kind, facts), 'contact', 'footer']);
  if (kind.id === 'wedding' && !asked.includes('contact')) wanted.delete('contact');
  // Reviews and people are never invented (issue 38): a kind's usual section of them comes only when
  // the brief gives them; asked for without them, it is an editor-only placeholder (render-kit.ts).
  const given: Partial<Record<SectionId, number>> = {
    testimonials: 0,
    // A price list without prices would be placeholders ("Servicio principal · Consultar precio").
    pricing: facts.prices.length,
    team: facts.team.length,
    speakers: facts.speakers.length,
    sponsors: facts.sponsors.length,
  };
  for (const [id, count] of Object.entries(given) as [SectionId, number][]) {
    if (!count && !asked.includes(id)) wanted.delete(id);
  }
  const tone = detectTone(text, kind.family);
  // A field named in the brief's own words replaces the stock one of its type ("celular" for "Teléfono").
  const named = findFormExtras(text);
  const formExtras = named.filter((f) => !f.stock);
  const covered = new Set(formExtras.map((f) => ({ tel: 'phone', date: 'date', number: 'people' })[f.type as string]));
  const stock = [...new Set([...findContactFormFields(text), ...named.flatMap((f) => (f.stock && !f.booking ? [f.stock] : []))])];
  const formFields = stock.filter((f) => !covered.has(f) || named.some((n) => n.stock === f));
  const formLabels = Object.fromEntries(named.flatMap((f) => (f.stock ? [[f.stock, f.label]] : [])));
  // A kind reached through a neighbouring word ("autoescuela" → school) says the brief's own noun,
  // not its stock one ("Colegio"), like the neutral kind does.
  const borrowed = kind.id !== 'business' && !options.kindId && !namesOwnNoun(plain, kind.noun);
  const noun = kind.id === 'business' ? businessNoun(plain, name) : borrowed ? kindWordOf(plain, kind.id, name) : undefined;
  return {
    kind: kind.family,
    kindId: kind.id,
    ...(noun ? { noun } : {}),
    ...(borrowed ? { borrowed: true } : {}),
    name: name ?? '',
    language,
    palette: { primary, accent, dark },
    sections: sectionIds.filter((id) => wanted.has(id)),
    facts,
    tone,
    design: stableHash(`${kind.id}|${name ?? ''}|${text.length}`) % 3,
    // Black as the first colour ("negro y dorado") is a dark site.
    family: chooseFamily({ text: rest, kindFamily: kind.family, kindId: kind.id, tone, dark: dark || colours[0] === '#111827' })
      .id,
    ...(formFields.length ? { formFields } : {}),
    ...(formExtras.length ? { formExtras } : {}),
    ...(Object.keys(formLabels).length ? { formLabels } : {}),
  };
}
