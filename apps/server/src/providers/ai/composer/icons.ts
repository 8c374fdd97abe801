import { loadOnUse } from '../../../lib/load-on-use';
import { wordIcons } from './icons.data';

/**
 * Icons from Lucide (ISC licence, bundled from npm: no request leaves the site), chosen by the kind
 * of site so a bakery shows a croissant and wheat, a clinic a stethoscope, a band a guitar. Drawn
 * inline as SVG with `currentColor`, so they follow the palette and dark mode.
 */

type IconNode = [tag: string, attrs: Record<string, string | number | undefined>][];

/**
 * Lucide's 2,000-odd icons, loaded the first time one is drawn: importing them cost about 0.1 s of
 * CPU at every start of the server (issue 26, ADR 0224), whether or not a site was composed.
 */
const lucidePackage = loadOnUse<{ icons: Record<string, IconNode> }>('lucide');
const lucide = () => lucidePackage().icons;

/** Four icons per kind, in the order offers and gallery tiles use them. */
const byKind: Record<string, string> = {
  saas: 'cloud rocket chart-line shield-check',
  app: 'smartphone bell zap download',
  cv: 'briefcase graduation-cap award file-text',
  blog: 'pen-line book-open message-square rss',
  podcast: 'mic headphones radio audio-lines',
  book: 'book-open bookmark feather library',
  personal: 'user sparkles heart compass',
  business: 'briefcase handshake chart-line building-complex',
  dental: 'face-slightly-smiling sparkles shield-plus calendar-check',
  physio: 'activity hand-heart bone accessibility',
  vet: 'paw-print dog cat stethoscope',
  psychologist: 'brain heart-handshake message-circle leaf',
  nutritionist: 'apple salad carrot scale',
  clinic: 'stethoscope heart-pulse calendar-check shield-plus',
  lawfirm: 'scale gavel landmark file-text',
  accountant: 'calculator receipt chart-pie file-spreadsheet',
  architect: 'drafting-compass ruler building house',
  consulting: 'lightbulb chart-line handshake target',
  agency: 'megaphone pen-tool sparkles target',
  gym: 'dumbbell timer trophy flame',
  yoga: 'flower-2 leaf sun wind',
  dance: 'music footprints sparkles star',
  salon: 'scissors sparkles spray-can brush',
  barber: 'scissors user brush sparkles',
  tattoo: 'pen-tool palette feather sparkles',
  photographer: 'camera aperture image focus',
  designer: 'palette pen-tool layers brush',
  band: 'guitar music mic-vocal ticket',
  wedding: 'heart gem wine flower',
  conference: 'presentation mic users calendar-days',
  meetup: 'users coffee message-circle calendar-days',
  festival: 'music ticket tent sparkles',
  event: 'calendar-days ticket party-popper users',
  school: 'school book-open graduation-cap pencil',
  languageacademy: 'languages message-circle book-open globe',
  kindergarten: 'baby blocks palette sun',
  tutoring: 'pencil book-open graduation-cap lightbulb',
  coach: 'target trending-up compass message-circle',
  ngo: 'hand-heart heart-handshake users globe',
  parish: 'church heart hand-heart users',
  club: 'trophy users flag medal',
  bakery: 'croissant wheat cake-slice coffee',
  pastry: 'cake-slice cake cookie candy',
  cafe: 'coffee croissant cup-soda leaf',
  restaurant: 'utensils-crossed chef-hat wine soup',
  bar: 'beer martini wine music',
  pizzeria: 'pizza chef-hat flame utensils',
  foodtruck: 'truck sandwich utensils map-pin',
  catering: 'chef-hat utensils-crossed party-popper salad',
  winery: 'wine grape barrel leaf',
  hotel: 'bed-double key-round concierge-bell coffee',
  ruralhouse: 'house trees mountain flame',
  realestate: 'house key-round building map-pin',
  plumber: 'wrench droplet shower-head phone',
  electrician: 'plug zap lightbulb cable',
  renovation: 'hammer paint-roller ruler house',
  carworkshop: 'car wrench gauge cog',
  cleaning: 'spray-can sparkles brush house',
  moving: 'truck package box house',
  florist: 'flower flower-2 leaf sprout',
  bookshop: 'book-open library bookmark coffee',
  clothing: 'shirt shopping-bag tag scissors',
  jewellery: 'gem sparkles crown star',
  shop: 'shopping-bag store tag gift',
  bikerental: 'bike map route mountain',
  petgrooming: 'paw-print dog scissors bath',
  travelagency: 'plane map luggage tree-palm',
  coworking: 'laptop wifi coffee users',
  escaperoom: 'key-round lock puzzle timer',
};

/** Kinds not listed (and unknown ones) use neutral icons. */
const NEUTRAL = 'star zap heart check';

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _d: string, c: string) => c.toUpperCase());

function attr(value: string | number | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;');
}

const cache = new Map<string, string>();

/** The inner SVG of a Lucide icon by its kebab-case name; a star when the name is unknown. */
function shapes(name: string): string {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const icons = lucide();
  const node = (icons[pascal(name)] ?? icons.Star) as IconNode;
  const inner = node
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .filter(([k]) => k !== 'key')
          .map(([k, v]) => `${k}="${attr(v)}"`)
          .join(' ')}/>`,
    )
    .join('');
  cache.set(name, inner);
  return inner;
}

/** Whether the bundled set has an icon of that name. */
export function hasIcon(name: string): boolean {
  return pascal(name) in lucide();
}

/** A decorative icon (hidden from assistive technology). */
export function svgIcon(name: string): string {
  return `<svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${shapes(name)}</svg>`;
}

/** The names of a kind's icons. */
export function kindIconNames(kindId: string): string[] {
  return (byKind[kindId] ?? NEUTRAL).split(' ');
}

/** The i-th icon of a kind (cycling through its four). */
export function kindIcon(kindId: string, index: number): string {
  const names = kindIconNames(kindId);
  return svgIcon(names[index % names.length] ?? 'star');
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The four icons of the first row of icons.data.ts whose words start in the text, if any. */
export function wordIconNames(text: string): string[] | undefined {
  const folded = fold(text);
  return wordIcons.find(([words]) => words.test(folded))?.[1].split(' ');
}

/**
 * The icon of an item ("Plantas medicinales" a leaf, "Corte" scissors) when its words name a thing,
 * else the i-th of the kind's icons (`kinds`).
 */
export function itemIcon(kinds: string[], text: string, index: number, used = new Set<string>()): string {
  const named = wordIconNames(text) ?? [];
  // Two lines of a list never share an icon while another fits ("Sesión", "Bono de 5 sesiones").
  const name =
    named.find((n) => !used.has(n)) ??
    named[0] ??
    [...kinds.slice(index % kinds.length), ...kinds].find((n) => !used.has(n)) ??
    kinds[index % kinds.length] ??
    'star';
  used.add(name);
  return svgIcon(name);
}
