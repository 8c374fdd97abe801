import type { SectionId } from '../analyse';

/**
 * Requested sections the library has no template for ("carta de vinos", "antes y después",
 * "trabaja con nosotros", a donation button, a countdown, a PDF menu, a timeline). Each becomes a
 * titled block inside the nearest section that exists, with the brief's own fact when it gives one
 * (the event date, the founding year) and otherwise an obvious placeholder to edit: never an
 * invented fact, never a fake button.
 */
export interface Extra {
  title: string;
  text: string;
  /** The section it belongs in; the page falls back to contact or about when that one is absent. */
  host: SectionId;
}

type Row = [pattern: RegExp, host: SectionId, title: [string, string], text: (ctx: Ctx) => [string, string]];
interface Ctx {
  date?: string;
  year?: string;
}

const rows: Row[] = [
  [
    /carta de vinos|vinos de la casa|wine list|wine menu/iu,
    'menu',
    ['Carta de vinos', 'Wine list'],
    () => ['Añade aquí tus vinos y sus precios.', 'Add your wines and their prices here.'],
  ],
  [
    /(?:men[uú]|carta)\s+(?:en\s+|in\s+)?pdf|pdf\s+(?:menu|carta)|downloadable\s+(?:pdf\s+)?menu|(?:men[uú]|carta)\s+descargable/iu,
    'menu',
    ['Carta en PDF', 'PDF menu'],
    () => ['Añade aquí el enlace al PDF de la carta.', 'Add the link to your PDF menu here.'],
  ],
  [
    /antes y despu[eé]s|before\s*(?:and|&|\/|-)\s*after/iu,
    'gallery',
    ['Antes y después', 'Before and after'],
    () => ['Añade aquí fotos del antes y el después de cada trabajo.', 'Add before and after photos of each job here.'],
  ],
  [
    /trabaja con nosotros|ofertas de empleo|bolsa de empleo|buscamos personal|job openings|careers (?:page|section)|we'?re hiring|join our team/iu,
    'contact',
    ['Trabaja con nosotros', 'Join our team'],
    () => ['Escríbenos con tu candidatura por los datos de contacto.', 'Send us your application through the contact details.'],
  ],
  [
    /bot[oó]n de donar|\bdonar\b|donaciones|donativos?|\bdonate\b|donations?/iu,
    'contact',
    ['Dona', 'Donate'],
    () => ['Añade aquí el enlace o los datos para donar.', 'Add your donation link or details here.'],
  ],
  [
    /cuenta atr[aá]s|countdown/iu,
    'about',
    ['Cuenta atrás', 'Countdown'],
    (c) =>
      c.date
        ? [`Cuenta atrás hasta el ${c.date}.`, `Counting down to ${c.date}.`]
        : ['Añade aquí la fecha para la cuenta atrás.', 'Add the date to count down to here.'],
  ],
  [
    /timeline|l[ií]nea (?:de|del) tiempo|cronolog[ií]a|(?:secci[oó]n|apartado|p[aá]gina|bloque) (?:de |con )?(?:la |nuestra |mi )?trayectoria/iu,
    'about',
    ['Trayectoria', 'Timeline'],
    (c) =>
      c.year
        ? [`Desde ${c.year}.`, `Since ${c.year}.`]
        : ['Añade aquí los hitos con su año.', 'Add your milestones and their years here.'],
  ],
];

export function findExtras(
  text: string,
  language: 'es' | 'en',
  date?: string,
  known: (name: string) => boolean = () => false,
): Extra[] {
  const li = language === 'es' ? 0 : 1;
  const year = text.match(/(?:since|desde|founded in|fundad[oa] en|established in|est\.)\s+((?:19|20)\d{2})/iu)?.[1];
  const ctx: Ctx = { ...(date ? { date } : {}), ...(year ? { year } : {}) };
  const found = rows
    .filter(([pattern]) => pattern.test(text))
    .map(([, host, title, body]) => ({ title: title[li], text: body(ctx)[li], host }));
  for (const title of namedSections(text)) {
    if (known(title) || found.some((f) => f.title.toLowerCase() === title.toLowerCase())) continue;
    found.push({
      title,
      text: li === 0 ? 'Añade aquí el contenido de este apartado.' : 'Add the content of this section here.',
      host: 'about',
    });
  }
  return found;
}

/**
 * Sections asked for by a name of their own ("un apartado de documentación necesaria", "una sección
 * de «qué hacer cuando fallece un familiar»", "a transformations section"): the name, as written.
 */
function namedSections(text: string): string[] {
  const out: string[] = [];
  const es =
    /(?<![\p{L}])(?:apartado|secci[oó]n|bloque|espacio)\s+(?:de|con|para|sobre|del|de la|de las|de los)\s+(?:["“«]([^"”»\n]{3,60})["”»]|([^,.;:()"“«\n]{3,60}))/giu;
  const en =
    /(?:an?|the)\s+((?:[\p{L}'-]+\s){0,3}?[\p{L}'-]+)\s+section(?![\p{L}])|section\s+(?:for|with|about|on)\s+([^,.;:()\n]{3,50})/giu;
  const cut = (s: string) =>
    s
      .split(/\s+(?:y|e|o|con|para|en|que|and|or|with|for|where|donde)\s+|,/iu)[0]
      ?.trim()
      .replace(/^(?:las?|los?|el|the|our|nuestr[oa]s?)\s+/iu, '') ?? '';
  for (const m of text.matchAll(es)) out.push(m[1]?.trim() ?? cut(m[2] ?? ''));
  for (const m of text.matchAll(en)) out.push(cut(m[1] ?? m[2] ?? ''));
  return [...new Set(out.filter((t) => t.length >= 3 && t.split(/\s+/u).length <= 7))].map((t) =>
    t.replace(/^\p{Ll}/u, (c) => c.toUpperCase()),
  );
}
