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
  'schedule',
  'gallery',
  'pricing',
  'testimonials',
  'team',
  'faq',
  'contact',
  'footer',
] as const;
export type SectionId = (typeof sectionIds)[number];

export type Language = 'es' | 'en';

export interface Palette {
  primary: string;
  accent: string;
  dark: boolean;
}

export interface SiteBrief {
  kind: SiteKind;
  name: string;
  language: Language;
  palette: Palette;
  sections: SectionId[];
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

const kindWords: [SiteKind, string][] = [
  [
    'restaurant',
    'restaurantes?|restaurant|cafeter[ií]as?|caf[eé]s?|cafe|bar|pizzer[ií]as?|pizza|taquer[ií]a|tacos|sushi|panader[ií]as?|pasteler[ií]as?|bakery|bistro|comida|food|cocina|cuisine|hamburgueser[ií]a|burgers?|brunch|parrilla|asador|marisquer[ií]a|men[uú] del d[ií]a',
  ],
  [
    'shop',
    'tiendas?(?: online)?|shop|store|e-?commerce|comercio electr[oó]nico|boutique|venta de|vender|sell|selling|cat[aá]logo de productos',
  ],
  ['saas', 'saas|startup|software|aplicaci[oó]n|app|plataforma|platform|landing(?: page)?|producto digital|api|herramienta|tool'],
  [
    'portfolio',
    'portafolios?|portfolio|fot[oó]graf[oa]s?|photographer|photography|fotograf[ií]a|dise[nñ]ador[ae]?s?|designer|ilustrador[ae]?|illustrator|artista|artist|arquitect[oa]|architect',
  ],
  ['blog', 'blog|bit[aá]cora|revista|magazine|noticias|news|art[ií]culos|articles'],
  [
    'agency',
    'agencias?|agency|consultor[ií]a|consultora|consulting|consultancy|marketing|estudio creativo|creative studio|despacho|bufete|law firm|abogad[oa]s',
  ],
  [
    'event',
    'eventos?|events?|conferencias?|conference|congreso|summit|boda|wedding|festival|concierto|concert|meetup|hackathon|fiesta|party|webinar',
  ],
  ['fitness', 'gimnasio|gym|fitness|yoga|pilates|crossfit|entrenador personal|personal trainer|deporte|sports club'],
  [
    'personal',
    'personal|curr[ií]cul[uo]m?|cv|resume|r[eé]sum[eé]|sobre m[ií]|about me|mi perfil|my profile|p[aá]gina personal|personal page|desarrollador|developer',
  ],
  ['business', 'empresa|negocio|business|company|compa[nñ][ií]a|cl[ií]nica|clinic|dentista|dentist|inmobiliaria|real estate'],
];

const kindPatterns = kindWords.map(([kind, words]) => ({ kind, pattern: wordPattern(words, 'giu') }));

/** The kind of site: the kind whose words appear earliest, weighted by how often. */
export function detectKind(text: string): SiteKind {
  let best: { kind: SiteKind; score: number } | null = null;
  for (const { kind, pattern } of kindPatterns) {
    pattern.lastIndex = 0;
    const matches = [...text.matchAll(pattern)];
    if (matches.length === 0) continue;
    const first = matches[0]?.index ?? 0;
    // 'personal' and 'business' are the vaguest words: any other kind named wins over them.
    const vague = kind === 'personal' || kind === 'business' ? 900 : 0;
    const score = matches.length * 1000 - first - vague;
    if (!best || score > best.score) best = { kind, score };
  }
  return best?.kind ?? 'business';
}

const spanishMarkers = wordPattern(
  'crea|crear|haz|hazme|quiero|necesito|una|un|para|con|del|el|la|al|las|los|es|por|sitio|p[aá]gina|secci[oó]n|secciones|llamad[oa]|mi|nuestra|nuestro|y|de|que|colores?|tienda|web de|cambia|cambiar|a[nñ]ade|agrega|quita|elimina|borra|pon|t[ií]tulo|fondo',
  'giu',
);
const englishMarkers = wordPattern(
  'create|make|build|i|want|need|an|for|with|the|website|site|page|section|sections|called|named|my|our|and|of|that|colours?|store|landing|to|change|add|remove|delete|it|is|in|please|title|background|do|this|these|more|less|bigger|smaller|can|you|should|would|be|are|on',
  'giu',
);

/** Spanish or English: an explicit request wins, then the language most of the words belong to. */
export function detectLanguage(text: string): Language {
  if (wordPattern('en ingl[eé]s|in english', 'iu').test(text)) return 'en';
  if (wordPattern('en español|en castellano|in spanish', 'iu').test(text)) return 'es';
  const es = [...text.matchAll(spanishMarkers)].length + (/[ñáéíóú¿¡]/iu.test(text) ? 2 : 0);
  const en = [...text.matchAll(englishMarkers)].length;
  return en > es ? 'en' : 'es';
}

const sectionWords: [SectionId, string][] = [
  ['hero', 'hero|portada|cabecera|banner|encabezado|header'],
  [
    'about',
    'sobre nosotros|sobre m[ií]|qui[eé]nes somos|nuestra historia|historia|about(?: us| me)?|our story|acerca de|biograf[ií]a|bio',
  ],
  [
    'services',
    'servicios?|services?|caracter[ií]sticas|features?|funcionalidades|funciones|ventajas|beneficios|benefits|qu[eé] hacemos|what we do',
  ],
  ['menu', 'men[uú](?! de navegaci[oó]n)|carta|platos|dishes|food menu'],
  ['products', 'productos|products|cat[aá]logo|catalog(?:ue)?|art[ií]culos en venta'],
  ['posts', 'entradas|posts|art[ií]culos|articles|publicaciones'],
  ['schedule', 'programa|agenda|horario del evento|schedule|itinerario|lineup|cartel'],
  ['gallery', 'galer[ií]a|gallery|fotos|photos|im[aá]genes|images|trabajos|proyectos|projects|works'],
  ['pricing', 'precios?|pricing|prices?|planes|plans|tarifas|suscripci[oó]n|subscriptions?'],
  ['testimonials', 'testimonios?|testimonials?|rese[nñ]as|reviews?|opiniones|clientes dicen'],
  ['team', 'equipo|team|staff|personal del|nosotros somos'],
  ['faq', 'faqs?|preguntas frecuentes|preguntas|questions|dudas'],
  ['contact', 'contacto|contact(?:o|ar)?|formulario|form|reservas?|reservations?|booking|ubicaci[oó]n|location|mapa|map'],
  ['footer', 'footer|pie de p[aá]gina|pie'],
];

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

export const defaultSections: Record<SiteKind, SectionId[]> = {
  restaurant: ['hero', 'about', 'menu', 'gallery', 'testimonials', 'contact', 'footer'],
  portfolio: ['hero', 'about', 'gallery', 'services', 'testimonials', 'contact', 'footer'],
  saas: ['hero', 'services', 'pricing', 'testimonials', 'faq', 'contact', 'footer'],
  shop: ['hero', 'products', 'about', 'testimonials', 'faq', 'contact', 'footer'],
  blog: ['hero', 'posts', 'about', 'contact', 'footer'],
  agency: ['hero', 'services', 'gallery', 'team', 'testimonials', 'contact', 'footer'],
  event: ['hero', 'about', 'schedule', 'team', 'pricing', 'faq', 'contact', 'footer'],
  personal: ['hero', 'about', 'services', 'gallery', 'contact', 'footer'],
  fitness: ['hero', 'services', 'schedule', 'pricing', 'team', 'testimonials', 'contact', 'footer'],
  business: ['hero', 'about', 'services', 'testimonials', 'faq', 'contact', 'footer'],
};

export const defaultPalettes: Record<SiteKind, [string, string]> = {
  restaurant: ['#b45309', '#16a34a'],
  portfolio: ['#111827', '#f97316'],
  saas: ['#4f46e5', '#06b6d4'],
  shop: ['#db2777', '#f59e0b'],
  blog: ['#0f766e', '#f97316'],
  agency: ['#7c3aed', '#ec4899'],
  event: ['#dc2626', '#f59e0b'],
  personal: ['#2563eb', '#14b8a6'],
  fitness: ['#ea580c', '#111827'],
  business: ['#1d4ed8', '#0ea5e9'],
};

const defaultNames: Record<SiteKind, Record<Language, string>> = {
  restaurant: { es: 'La Mesa Dorada', en: 'The Golden Table' },
  portfolio: { es: 'Estudio Lumen', en: 'Lumen Studio' },
  saas: { es: 'Nimbo', en: 'Nimbus' },
  shop: { es: 'Tienda Alba', en: 'Alba Store' },
  blog: { es: 'Cuaderno Abierto', en: 'Open Notebook' },
  agency: { es: 'Agencia Norte', en: 'North Agency' },
  event: { es: 'Encuentro 2026', en: 'Summit 2026' },
  personal: { es: 'Alex Moreno', en: 'Alex Morgan' },
  fitness: { es: 'Pulso Gym', en: 'Pulse Gym' },
  business: { es: 'Grupo Horizonte', en: 'Horizon Group' },
};

const stopWords =
  'con|que|y|e|en|para|donde|usando|de colores?|colores?|estilo|with|and|that|in|for|where|using|colou?rs?|style|which|who|un|una|a|an|el|la|the|sitio|web|website|p[aá]gina|page|tiene|has|have|incluye|include|including|,';

/** The site's name: a quoted name, or the words after "llamado", "called", "named"… */
export function findName(text: string): string | null {
  const quoted = text.match(/["“«'‘]([^"”»'’\n]{2,60})["”»'’]/u);
  if (quoted?.[1]?.trim()) return quoted[1].trim();
  const intro = text.match(
    /(?:llamad[oa]s?|se llama|de nombre|con el nombre(?: de)?|nombre:|called|named|name is|name:)\s+(.+)/iu,
  );
  if (!intro?.[1]) return null;
  const words = intro[1].split(/\s+/u);
  const kept: string[] = [];
  const stop = new RegExp(`^(?:${stopWords})$`, 'iu');
  for (const raw of words) {
    const word = raw.replace(/[.;:!?]+$/u, '');
    const endsSentence = word !== raw || raw.endsWith(',');
    const clean = word.replace(/,$/u, '');
    if (kept.length > 0 && stop.test(clean)) break;
    if (!clean) break;
    kept.push(clean);
    if (endsSentence || kept.length >= 6) break;
  }
  const name = kept.join(' ').trim();
  return name.length >= 2 ? name : null;
}

/** A colour light enough that white text on it would be hard to read. */
export function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return (r * 299 + g * 587 + b * 114) / 1000 > 170;
}

export function analysePrompt(prompt: string): SiteBrief {
  const text = prompt.normalize('NFC');
  const kind = detectKind(text);
  const language = detectLanguage(text);
  const colours = findColours(text);
  const [basePrimary, baseAccent] = defaultPalettes[kind];
  // "verde oscuro" is a colour, not a dark theme: look for the theme words outside colour names.
  const withoutColours = namedColours.reduce((rest, colour) => rest.replace(colour.pattern, ' '), text);
  const dark = wordPattern('oscur[oa]|modo oscuro|tema oscuro|dark(?: mode| theme)?|nocturn[oa]', 'iu').test(withoutColours);
  let primary = colours[0] ?? basePrimary;
  let accent = colours.find((c) => c !== primary) ?? baseAccent;
  // White as the main colour means a white background: keep it out of buttons and headings.
  if (primary === '#ffffff') primary = colours.find((c) => c !== '#ffffff') ?? basePrimary;
  if (accent === '#ffffff' || accent === primary) accent = baseAccent === primary ? basePrimary : baseAccent;
  const asked = findSections(text.replace(findName(text) ?? '\u0000', ' '));
  // Three or more sections named: exactly those. Fewer: the kind's usual page plus those.
  const named = asked.filter((s) => s !== 'hero' && s !== 'footer');
  const sections: SectionId[] = named.length >= 3 ? ['hero', ...named, 'footer'] : [...defaultSections[kind], ...named];
  return {
    kind,
    name: findName(text) ?? defaultNames[kind][language],
    language,
    palette: { primary, accent, dark },
    sections: sectionIds.filter((id) => sections.includes(id)),
  };
}
