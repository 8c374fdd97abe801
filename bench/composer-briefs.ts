// Benchmark: how much of each brief the local composer honours (issue 21), and its follow-ups.
// Runs the composer's answer (the text the generation endpoint streams) for the corpus in
// bench/corpus/composer-briefs.ts and prints facts honoured / asked per fact type, briefs fully
// honoured, wrong-industry words and follow-ups landed / refused / wrong.
// Run from the repository root: node --import tsx bench/composer-briefs.ts -> bench/results/composer-briefs.json
import { writeFileSync } from 'node:fs';
import { answer } from '../apps/server/src/providers/ai/composer/provider.ts';
import { applyEditsToFiles } from '../packages/site-engine/src/apply-edits.ts';
import { parseOutput } from '../packages/site-engine/src/parse.ts';
import { corpus as generated } from './corpus/composer-briefs.ts';
import { freeBriefs } from './corpus/composer-briefs-free.ts';

const corpus = [...generated, ...freeBriefs];

const FOREIGN =
  /Grupo Horizonte|Horizon Group|Calle Mayor 12|para tu negocio|carrito|add to cart|Nimbus|Nimbo|Hacemos crecer marcas|¡Gracias! Te responderemos/i;

function site(prompt: string, files: Record<string, string> = {}): { files: Record<string, string>; prose: string } {
  const text = answer(
    prompt,
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  const parsed = parseOutput(text);
  const next = { ...files };
  for (const f of parsed.files) next[f.path] = f.content;
  const applied = parsed.edits.length ? applyEditsToFiles(next, parsed.edits) : { ok: true, files: next };
  return { files: applied.files, prose: parsed.prose };
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const byType: Record<string, [number, number]> = {};
let full = 0;
let foreign = 0;
const misses: string[] = [];
for (const brief of corpus) {
  const page = decode(site(brief.prompt).files['index.html'] ?? '');
  let all = true;
  const count = (type: string, ok: boolean, what: string) => {
    const entry = byType[type] ?? [0, 0];
    entry[1]++;
    if (ok) entry[0]++;
    else {
      all = false;
      misses.push(`${type}: ${what} — ${brief.prompt.slice(0, 70)}`);
    }
    byType[type] = entry;
  };
  for (const [type, values] of Object.entries(brief.facts)) for (const v of values) count(type, page.includes(v), v);
  count('kind', page.includes(`data-kind-id="${brief.kind}"`), brief.kind);
  count('language', page.includes(`<html lang="${brief.language}"`), brief.language);
  for (const s of brief.sections) count('sections', page.includes(`data-section="${s}"`), s);
  if (FOREIGN.test(page)) foreign++;
  if (all) full++;
}

// Follow-ups: each applied to two sites of the corpus, checked on the resulting files.
type Check = (files: Record<string, string>) => boolean;
const followUps: [string, Check][] = [
  ['cambia el color principal a verde', (f) => (f['style.css'] ?? '').includes('--color-primary: #16a34a')],
  ['cambia el teléfono a 699 888 777', (f) => (f['index.html'] ?? '').includes('699 888 777')],
  ['añade una sección de preguntas frecuentes', (f) => (f['index.html'] ?? '').includes('data-section="faq"')],
  ['quita la sección de opiniones', (f) => !(f['index.html'] ?? '').includes('data-section="testimonials"')],
  [
    'usa la tipografía Playfair Display',
    (f) =>
      (f['style.css'] ?? '').includes('Playfair Display') &&
      /<h1[^>]*>[^<]*<\/h1>/.test(f['index.html'] ?? '') &&
      !(f['index.html'] ?? '').includes('>Playfair Display<'),
  ],
  ['pon el modo oscuro', (f) => (f['style.css'] ?? '').includes('#0b1020')],
  ['haz la cabecera fija', (f) => (f['style.css'] ?? '').includes('position: sticky')],
  ['haz la imagen de la portada más grande', (f) => (f['style.css'] ?? '').includes('92vh')],
  ['quiero la web en inglés', (f) => (f['index.html'] ?? '').includes('<html lang="en"')],
  ['añade WhatsApp con el 611 222 333', (f) => (f['index.html'] ?? '').includes('https://wa.me/')],
  ['añade mi instagram @minegocio', (f) => (f['index.html'] ?? '').includes('instagram.com/minegocio')],
  ['añade a Laura Gómez al equipo', (f) => (f['index.html'] ?? '').includes('Laura Gómez')],
  ['añade un testimonio de Ana: "Muy recomendable"', (f) => (f['index.html'] ?? '').includes('Muy recomendable')],
  ['añade una sección de galería', (f) => (f['index.html'] ?? '').includes('data-section="gallery"')],
  ['cambia el título a "Bienvenidos"', (f) => (f['index.html'] ?? '').includes('>Bienvenidos</h1>')],
  ['añade una sección de mapa', (f) => (f['index.html'] ?? '').includes('data-section="map"')],
  ['change the main colour to purple', (f) => (f['style.css'] ?? '').includes('--color-primary: #7c3aed')],
  ['translate the site into Spanish', (f) => (f['index.html'] ?? '').includes('<html lang="es"')],
  ['add a FAQ section', (f) => (f['index.html'] ?? '').includes('data-section="faq"')],
  ['make the header sticky', (f) => (f['style.css'] ?? '').includes('position: sticky')],
  [
    'mueve la galería al principio',
    (f) => {
      const h = f['index.html'] ?? '';
      const g = h.indexOf('data-section="gallery"');
      return g > 0 && g < h.indexOf('data-section="about"');
    },
  ],
  [
    'pon las opiniones al final',
    (f) => {
      const h = f['index.html'] ?? '';
      return h.indexOf('data-section="testimonials"') > h.indexOf('data-section="contact"');
    },
  ],
  ['añade una página de contacto', (f) => (f['contacto.html'] ?? '').includes('data-section="contact"')],
  ['cambia el precio de croissants a 1,50 €', (f) => (f['index.html'] ?? '').includes('1,50 €')],
  ['añade un chat con inteligencia artificial', () => false],
];
const fu = { landed: 0, refused: 0, wrong: 0, total: 0, refusedList: [] as string[] };
const bases = [corpus[0], corpus[4], corpus[106], corpus[120]].filter(Boolean);
for (const [prompt, check] of followUps) {
  for (const base of bases.slice(0, 3)) {
    if (!base) continue;
    const start = site(base.prompt).files;
    const english = prompt.startsWith('translate the site into Spanish') ? site('quiero la web en inglés', start).files : start;
    const after = site(prompt, english);
    fu.total++;
    const changed = JSON.stringify(after.files) !== JSON.stringify(english);
    // Already so ("add a FAQ" where one exists): the composer says so and nothing needs to change.
    if (!changed && check(after.files)) fu.landed++;
    else if (!changed) {
      fu.refused++;
      fu.refusedList.push(prompt);
    } else if (check(after.files) && !FOREIGN.test(after.files['index.html'] ?? '')) fu.landed++;
    else fu.wrong++;
  }
}

const asked = Object.values(byType).reduce((n, [, t]) => n + t, 0);
const honoured = Object.values(byType).reduce((n, [h]) => n + h, 0);
const result = {
  briefs: corpus.length,
  factsHonoured: `${honoured}/${asked} (${((100 * honoured) / asked).toFixed(1)}%)`,
  byType: Object.fromEntries(Object.entries(byType).map(([k, [h, t]]) => [k, `${h}/${t}`])),
  briefsFullyHonoured: `${full}/${corpus.length}`,
  briefsWithWrongIndustryWords: foreign,
  followUps: fu,
  misses: misses.slice(0, 40),
};
console.log(JSON.stringify(result, null, 2));
writeFileSync(new URL('./results/composer-briefs.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
