/**
 * The composer's follow-up corpus (issue 21): requests people make on a site the composer built,
 * in Spanish and English as they write them (short, with typos, without accents), each with a check
 * on the resulting files. `expect: 'refuse'` marks what the composer cannot do: it must change
 * nothing and answer with what it understood and concrete requests it can do.
 * Used by `followup-corpus.test.ts` and `bench/composer-briefs.ts`.
 */

import { isLight } from './analyse';

export type SiteFiles = Record<string, string>;

export interface FollowUpCase {
  base: keyof typeof followUpBases;
  prompt: string;
  /** Element selected in the inspector: its selector and a pattern finding its HTML on the page. */
  selected?: { selector: string; html: RegExp };
  expect?: 'land' | 'refuse';
  check?: (after: SiteFiles, before: SiteFiles) => boolean;
}

export const followUpBases = {
  bakery:
    "Web para la panadería artesanal 'La Espiga' en Sevilla. Teléfono 654 123 456, dirección Calle Feria 23. Vendemos pan de masa madre a 3,50 € y croissants a 1,20 €. Queremos carta, equipo (Lucía Pérez y Juan Mora), opiniones, galería, preguntas frecuentes, mapa y contacto.",
  dental:
    'Clínica Dental Sonríe en Valencia, teléfono 961 234 567, email hola@sonrie.es, horario: lunes a viernes de 9:00 a 19:00. Tratamientos: limpieza dental 40 €, ortodoncia invisible 2.500 €, implantes 900 €. Equipo: Marta Ruiz. Con opiniones, preguntas frecuentes y contacto.',
  conference:
    'Website for DevSummit 2026, a developer conference in Lisbon on 12 May 2026. Speakers: Ana Lima and Tom Berg. Tickets €120. Contact hello@devsummit.io. Include agenda, sponsors, FAQ and contact.',
  cafe: 'Landing page for Blue Fern Café in Bristol, phone 0117 496 0123. Flat white £3.20, banana bread £2.80. With gallery, testimonials, team and contact.',
} as const;

const page = (f: SiteFiles, path = 'index.html') => f[path] ?? '';
const css = (f: SiteFiles) => f['style.css'] ?? '';
const text = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
/** The value of a CSS custom property in style.css (first declaration). */
const token = (f: SiteFiles, name: string) =>
  css(f)
    .match(new RegExp(`${name}:\\s*([^;]+);`))?.[1]
    ?.trim();
const changedToken = (name: string) => (a: SiteFiles, b: SiteFiles) => !!token(a, name) && token(a, name) !== token(b, name);
const h1 = (f: SiteFiles) => text(page(f).match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? '');
const has = (s: string, path?: string) => (f: SiteFiles) => text(page(f, path)).includes(s);
const lacks = (s: string) => (f: SiteFiles) => !page(f).includes(s);
const sectionGone = (id: string) => (f: SiteFiles) =>
  !page(f).includes(`data-section="${id}"`) && !page(f).includes(`href="#${id}"`);
const before = (first: string, second: string) => (f: SiteFiles) => {
  const a = page(f).indexOf(`data-section="${first}"`);
  const b = page(f).indexOf(`data-section="${second}"`);
  return a > 0 && b > 0 && a < b;
};
/** Inside the given section's markup. */
const inSection = (id: string, s: string) => (f: SiteFiles) => {
  const start = page(f).indexOf(`data-section="${id}"`);
  if (start < 0) return false;
  const end = page(f).indexOf('data-section="', start + 20);
  return text(page(f).slice(start, end < 0 ? undefined : end)).includes(s);
};
const all =
  (...checks: ((a: SiteFiles, b: SiteFiles) => boolean)[]) =>
  (a: SiteFiles, b: SiteFiles) =>
    checks.every((c) => c(a, b));
const sameHtml = (a: SiteFiles, b: SiteFiles) => page(a) === page(b);
const sameCss = (a: SiteFiles, b: SiteFiles) => css(a) === css(b);
/** Only one rule for `selector` was appended to style.css; nothing else changed in it. */
const ruleFor = (selector: string, property: string) => (a: SiteFiles, b: SiteFiles) => {
  const added = css(a).startsWith(css(b).trimEnd()) ? css(a).slice(css(b).trimEnd().length) : '';
  const rules = [...added.matchAll(/([^{}\n]+)\{([^}]*)\}/g)];
  return rules.length === 1 && rules[0]?.[1]?.trim() === selector && (rules[0]?.[2] ?? '').includes(property);
};
const lang = (l: string) => has(`<html lang="${l}"`);
const sticky = (f: SiteFiles) => /position:\s*sticky/.test(css(f));
/** A dark page: the first background token (a design family's, or the dark mode's override) is dark. */
const dark = (a: SiteFiles, b: SiteFiles) =>
  css(a) !== css(b) && !isLight([...css(a).matchAll(/--color-bg: (#[0-9a-f]{6})/g)].at(-1)?.[1] ?? '#ffffff');
const biggerHero = (f: SiteFiles) => /92vh/.test(css(f));
/** Another design family (ADR 0257): its mark in the stylesheet changed, the page's text did not. */
const familyOfCss = (f: SiteFiles) => /\/\* Design: [^(]*\(([a-z-]+)\) \*\//.exec(css(f))?.[1];
const otherDesign = (a: SiteFiles, b: SiteFiles) =>
  familyOfCss(a) !== undefined &&
  familyOfCss(a) !== familyOfCss(b) &&
  page(a).replace(/design-[a-z-]+/, '') === page(b).replace(/design-[a-z-]+/, '');
const fontIs = (family: string) => (f: SiteFiles, b: SiteFiles) => css(f).includes(family) && h1(f) === h1(b);
const phoneIs = (shown: string, digits: string, old: string) => all(has(shown), has(`tel:${digits}`), lacks(old));

export const followUpCases: FollowUpCase[] = [
  // Colours
  { base: 'bakery', prompt: 'cambia el color principal a verde', check: changedToken('--color-primary') },
  { base: 'bakery', prompt: 'cambia el color a azul marino', check: changedToken('--color-primary') },
  { base: 'bakery', prompt: 'los botones en naranja porfa', check: changedToken('--color-primary') },
  { base: 'bakery', prompt: 'pon el fondo de color crema', check: changedToken('--color-bg') },
  { base: 'dental', prompt: 'cambia el color a #0ea5e9', check: (f) => token(f, '--color-primary') === '#0ea5e9' },
  { base: 'dental', prompt: 'el color secundario en morado', check: changedToken('--color-accent') },
  { base: 'conference', prompt: 'change the main colour to purple', check: changedToken('--color-primary') },
  { base: 'cafe', prompt: 'make it dark green', check: changedToken('--color-primary') },
  // Fonts
  { base: 'bakery', prompt: 'usa la tipografia Playfair Display', check: fontIs('Playfair Display') },
  { base: 'bakery', prompt: 'pon la letra Montserrat en toda la web', check: fontIs('Montserrat') },
  { base: 'conference', prompt: 'switch the font to Lora', check: fontIs('Lora') },
  { base: 'cafe', prompt: 'use Poppins for the headings', check: fontIs('Poppins') },
  // Titles and any text
  { base: 'bakery', prompt: 'cambia el título a "Pan de verdad"', check: (f) => h1(f) === 'Pan de verdad' },
  { base: 'bakery', prompt: 'cambia el titulo por Pan de verdad desde 1985', check: (f) => h1(f) === 'Pan de verdad desde 1985' },
  {
    base: 'bakery',
    prompt: 'cambia el subtítulo a "Horno de leña en el centro de Sevilla"',
    check: has('Horno de leña en el centro de Sevilla</p>'),
  },
  { base: 'bakery', prompt: "cambia 'Hacer un pedido' por 'Pide ya'", check: all(has('Pide ya'), lacks('Hacer un pedido')) },
  { base: 'conference', prompt: 'change the title to "DevSummit Lisbon 2026"', check: (f) => h1(f) === 'DevSummit Lisbon 2026' },
  { base: 'cafe', prompt: 'chnage the title to Good coffee, good people', check: (f) => h1(f) === 'Good coffee, good people' },
  { base: 'dental', prompt: 'cambia el nombre a Clínica Sonríe Valencia', check: has('<title>Clínica Sonríe Valencia</title>') },
  // Phone, email, address, hours
  { base: 'bakery', prompt: 'cambia el telefono a 699 888 777', check: phoneIs('699 888 777', '699888777', '654 123 456') },
  { base: 'bakery', prompt: 'nuevo teléfono: 955 11 22 33', check: phoneIs('955 11 22 33', '955112233', '654 123 456') },
  { base: 'cafe', prompt: 'change the phone to 0117 496 0999', check: phoneIs('0117 496 0999', '01174960999', '0117 496 0123') },
  {
    base: 'bakery',
    prompt: 'cambia la dirección a Calle Sierpes 5',
    check: all(has('Calle Sierpes 5'), lacks('Calle Feria 23')),
  },
  {
    base: 'bakery',
    prompt: 'la direccion ahora es Avenida de la Constitución 10',
    check: all(has('Avenida de la Constitución 10'), lacks('Calle Feria 23')),
  },
  {
    base: 'dental',
    prompt: 'cambia el email a citas@sonrie.es',
    check: all(has('mailto:citas@sonrie.es'), lacks('hola@sonrie.es')),
  },
  {
    base: 'conference',
    prompt: 'change the email to tickets@devsummit.io',
    check: all(has('tickets@devsummit.io'), lacks('hello@devsummit.io')),
  },
  {
    base: 'dental',
    prompt: 'cambia el horario a lunes a sábado de 9:00 a 20:00',
    check: all(has('lunes a sábado de 9:00 a 20:00'), lacks('lunes a viernes de 9:00 a 19:00')),
  },
  { base: 'cafe', prompt: 'our address is 12 Park Street, Bristol', check: has('12 Park Street') },
  // Prices
  { base: 'bakery', prompt: 'cambia el precio de los croissants a 1,50 €', check: all(has('1,50 €'), lacks('1,20 €')) },
  { base: 'bakery', prompt: 'el pan de masa madre ahora cuesta 3,80 €', check: all(has('3,80 €'), lacks('3,50 €')) },
  {
    base: 'dental',
    prompt: 'cambia el precio de la ortodoncia invisible a 2.300 €',
    check: all(has('2.300 €'), lacks('2.500 €'), has('900 €')),
  },
  { base: 'cafe', prompt: 'change the price of the flat white to £3.40', check: all(has('£3.40'), lacks('£3.20'), has('£2.80')) },
  // Sections: add, remove, reorder
  { base: 'bakery', prompt: 'quita la galería', check: sectionGone('gallery') },
  { base: 'bakery', prompt: 'elimina la seccion de preguntas frecuentes', check: sectionGone('faq') },
  { base: 'dental', prompt: 'quita la sección de opiniones', check: sectionGone('testimonials') },
  { base: 'conference', prompt: 'remove the sponsors section', check: sectionGone('sponsors') },
  { base: 'cafe', prompt: 'get rid of the gallery', check: sectionGone('gallery') },
  { base: 'bakery', prompt: 'mueve la galería al principio', check: before('gallery', 'about') },
  { base: 'bakery', prompt: 'pon las opiniones al final', check: before('contact', 'testimonials') },
  { base: 'bakery', prompt: 'pon el equipo antes de la carta', check: before('team', 'menu') },
  { base: 'conference', prompt: 'move the FAQ above the agenda', check: before('faq', 'schedule') },
  { base: 'cafe', prompt: 'move the testimonials to the top', check: before('testimonials', 'about') },
  { base: 'dental', prompt: 'añade una sección de mapa', check: has('data-section="map"') },
  { base: 'dental', prompt: 'añade una seccion de galeria', check: has('data-section="gallery"') },
  { base: 'dental', prompt: 'añade un formulario para pedir cita', check: has('data-section="booking"') },
  { base: 'conference', prompt: 'add a gallery section', check: has('data-section="gallery"') },
  { base: 'cafe', prompt: 'add a FAQ section', check: has('data-section="faq"') },
  { base: 'cafe', prompt: 'add a map', check: has('data-section="map"') },
  // Team, testimonials, FAQ entries, social links, WhatsApp
  { base: 'bakery', prompt: 'añade a Carmen Ruiz al equipo', check: inSection('team', 'Carmen Ruiz') },
  { base: 'dental', prompt: 'añade al equipo a Pablo Gil como higienista', check: inSection('team', 'Pablo Gil') },
  { base: 'cafe', prompt: 'add Sam Patel to the team', check: inSection('team', 'Sam Patel') },
  { base: 'conference', prompt: 'add Maria Silva as a speaker', check: inSection('speakers', 'Maria Silva') },
  {
    base: 'bakery',
    prompt: 'añade un testimonio de Ana: "El mejor pan de Sevilla"',
    check: inSection('testimonials', 'El mejor pan de Sevilla'),
  },
  {
    base: 'cafe',
    prompt: 'add a review from Joe: "Best flat white in town"',
    check: inSection('testimonials', 'Best flat white in town'),
  },
  {
    base: 'bakery',
    prompt: 'añade una pregunta: ¿Hacéis pan sin gluten? Sí, los viernes',
    check: all(inSection('faq', '¿Hacéis pan sin gluten?'), inSection('faq', 'Sí, los viernes')),
  },
  {
    base: 'conference',
    prompt: 'add a FAQ question: Is there parking? Yes, at the venue',
    check: all(inSection('faq', 'Is there parking?'), inSection('faq', 'Yes, at the venue')),
  },
  { base: 'bakery', prompt: 'añade mi instagram @laespiga', check: has('instagram.com/laespiga') },
  { base: 'bakery', prompt: 'pon el facebook facebook.com/laespigasevilla', check: has('facebook.com/laespigasevilla') },
  { base: 'conference', prompt: 'add our linkedin linkedin.com/company/devsummit', check: has('linkedin.com/company/devsummit') },
  { base: 'bakery', prompt: 'añade un botón de WhatsApp', check: has('https://wa.me/34654123456') },
  { base: 'dental', prompt: 'pon whatsapp con el 611 222 333', check: has('https://wa.me/34611222333') },
  { base: 'cafe', prompt: 'add a whatsapp button with +44 117 496 0123', check: has('https://wa.me/441174960123') },
  // Pages
  {
    base: 'bakery',
    prompt: 'añade una página de contacto',
    check: all(has('data-section="contact"', 'contacto.html'), has('href="contacto.html"')),
  },
  { base: 'dental', prompt: 'crea una pagina de preguntas frecuentes', check: has('data-section="faq"', 'preguntas.html') },
  { base: 'conference', prompt: 'add a contact page', check: has('data-section="contact"', 'contact.html') },
  // Looks: sticky header, dark mode, bigger hero
  { base: 'bakery', prompt: 'haz la cabecera fija', check: sticky },
  { base: 'bakery', prompt: 'que el menu se quede fijo arriba al hacer scroll', check: sticky },
  { base: 'conference', prompt: 'make the header sticky', check: sticky },
  { base: 'bakery', prompt: 'pon modo oscuro', check: dark },
  { base: 'dental', prompt: 'quiero la web en oscuro', check: dark },
  { base: 'conference', prompt: 'dark mode please', check: dark },
  { base: 'bakery', prompt: 'haz la imagen de la portada más grande', check: biggerHero },
  { base: 'dental', prompt: 'la foto principal mas grande porfa', check: biggerHero },
  { base: 'cafe', prompt: 'make the hero image bigger', check: biggerHero },
  // Style: another design family for the same content
  { base: 'bakery', prompt: 'hazla más elegante', check: otherDesign },
  { base: 'dental', prompt: 'estilo minimalista', check: otherDesign },
  { base: 'cafe', prompt: 'make it more modern', check: otherDesign },
  // Translation
  { base: 'bakery', prompt: 'quiero la web en inglés', check: all(lang('en'), has('La Espiga'), has('3,50 €')) },
  { base: 'dental', prompt: 'traducela al ingles', check: all(lang('en'), has('Clínica Dental Sonríe')) },
  {
    base: 'conference',
    prompt: 'translate the site into Spanish',
    check: all(lang('es'), has('DevSummit 2026'), has('Ana Lima')),
  },
  { base: 'cafe', prompt: 'ponla en español', check: all(lang('es'), has('Blue Fern Café')) },
  // With an element selected: that element only
  {
    base: 'bakery',
    prompt: 'cambia el color a rojo',
    selected: { selector: 'h1.hero-title', html: /<h1 class="hero-title">[^<]*<\/h1>/ },
    check: all(ruleFor('h1.hero-title', 'color'), sameHtml),
  },
  {
    base: 'bakery',
    prompt: 'cambia el texto a "Recién hecho cada día"',
    selected: { selector: 'p.hero-text', html: /<p class="hero-text">[^<]*<\/p>/ },
    check: all(has('<p class="hero-text">Recién hecho cada día</p>'), (a, b) => h1(a) === h1(b), sameCss),
  },
  {
    base: 'dental',
    prompt: 'ponlo en verde',
    selected: { selector: '.hero-actions .btn-primary', html: /<a class="btn btn-primary" href="#[a-z]+">[^<]*<\/a>/ },
    check: all(ruleFor('.hero-actions .btn-primary', 'background'), sameHtml),
  },
  {
    base: 'conference',
    prompt: 'make this bigger',
    selected: { selector: '#faq h2', html: /<h2>[^<]*<\/h2>/ },
    check: all(ruleFor('#faq h2', 'font-size'), sameHtml),
  },
  {
    base: 'cafe',
    prompt: 'change the text to "Come in, we are open"',
    selected: { selector: 'p.hero-text', html: /<p class="hero-text">[^<]*<\/p>/ },
    check: all(has('<p class="hero-text">Come in, we are open</p>'), sameCss),
  },
  // What the composer cannot do: nothing changes, and it says what it can do instead.
  { base: 'bakery', prompt: 'añade un chat con inteligencia artificial', expect: 'refuse' },
  { base: 'bakery', prompt: 'conecta la web con mi tpv para cobrar con tarjeta', expect: 'refuse' },
  { base: 'conference', prompt: 'integrate Eventbrite so people can pay for tickets', expect: 'refuse' },
  // A national number without its country code: asking beats a link to someone else's chat.
  { base: 'cafe', prompt: 'add a whatsapp button', expect: 'refuse' },
  { base: 'cafe', prompt: 'add a 3D animation of a coffee cup that follows the mouse', expect: 'refuse' },
];

export interface FollowUpOutcome {
  case: FollowUpCase;
  verdict: 'landed' | 'refused' | 'wrong' | 'refused-as-expected';
  message: string;
}

/** A refusal that helps: says what it understood and quotes at least two requests it can do. */
export function helpfulRefusal(message: string): boolean {
  return /(entendido|understood)/i.test(message) && (message.match(/[«"“][^»"”]{6,}[»"”]/g) ?? []).length >= 2;
}

/**
 * Runs each case through `run` (the composer, or the real endpoint) on its base site. `run`
 * returns the files after the request and the message the person would read.
 */
export async function evaluateFollowUps(
  baseSite: (base: keyof typeof followUpBases) => Promise<SiteFiles>,
  run: (
    prompt: string,
    files: SiteFiles,
    selected?: { selector: string; html: string },
  ) => Promise<{ files: SiteFiles; message: string }>,
  cases: FollowUpCase[] = followUpCases,
): Promise<FollowUpOutcome[]> {
  const outcomes: FollowUpOutcome[] = [];
  for (const c of cases) {
    const start = await baseSite(c.base);
    const found = c.selected ? page(start).match(c.selected.html)?.[0] : undefined;
    const selected = c.selected && found ? { selector: c.selected.selector, html: found } : undefined;
    const { files, message } = await run(c.prompt, start, selected);
    const changed = JSON.stringify(files) !== JSON.stringify(start);
    let verdict: FollowUpOutcome['verdict'];
    if (c.expect === 'refuse') verdict = changed ? 'wrong' : helpfulRefusal(message) ? 'refused-as-expected' : 'refused';
    else if (c.selected && !selected) verdict = 'refused';
    else if (c.check?.(files, start)) verdict = 'landed';
    else verdict = changed ? 'wrong' : 'refused';
    outcomes.push({ case: c, verdict, message });
  }
  return outcomes;
}
