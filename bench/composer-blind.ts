// Benchmark: a blind batch of briefs and follow-ups (issue 37), written by someone who never read the
// composer. The batch is a file outside the repository exporting `briefs` and `followUps`:
//   briefs:    { prompt, language, kind, facts: { type: [exact substrings] }, sections, dark? }
//   followUps: { brief (index), prompt, doable, present?, absent?, reason? }
// Each brief is composed and applied in this process exactly as the server does (answerApplied), then
// judged on:
//  - facts honoured: each fact found on the page, ignoring case and accents;
//  - wrong-trade sites: the kind chosen is neither the brief's kind, a kind sharing its business noun,
//    nor the neutral one; or a phrase of another trade's template (its offer, sample items, call to
//    action, tagline) is on the page without being in the brief;
//  - follow-ups: a doable one lands (every `present` on the page, no `absent`), is refused (files as
//    they were) or is wrong (files changed, checks fail); an impossible one must change nothing and
//    say a specific reason (not the generic "no sé hacer ese cambio").
// Run from the repository root: node --import tsx bench/composer-blind.ts /path/to/batch.ts [--misses]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findSections } from '../apps/server/src/providers/ai/composer/analyse.ts';
import { answerApplied } from '../apps/server/src/providers/ai/composer/answer-applied.ts';
import { allKinds } from '../apps/server/src/providers/ai/composer/brief/detect.ts';

interface BlindBrief {
  prompt: string;
  language: 'es' | 'en';
  kind: string;
  facts: Record<string, string[]>;
  sections?: string[];
  dark?: boolean;
}
interface BlindFollowUp {
  brief: number;
  prompt: string;
  doable: boolean;
  present?: string[];
  absent?: string[];
  reason?: string;
}
type Files = Record<string, string>;

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx bench/composer-blind.ts <batch.ts> [--misses]');
const batch = (await import(pathToFileURL(path.resolve(file)).href)) as { briefs: BlindBrief[]; followUps: BlindFollowUp[] };
const showMisses = process.argv.includes('--misses');

const fold = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, ' ');
/** The page a person reads: the text of index.html (tags dropped, attribute values kept for links). */
const pageOf = (files: Files) => fold(files['index.html'] ?? '');
const textOf = (files: Files) => fold((files['index.html'] ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' '));

/** Words too broad to tie a kind to a trade ("shop", "school", "services"). */
const BROAD = new Set([
  'shop',
  'store',
  'school',
  'centre',
  'center',
  'club',
  'service',
  'services',
  'studio',
  'business',
  'company',
]);
const stems = (s: string) =>
  fold(s)
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3 && !BROAD.has(w))
    .map((w) => w.slice(0, 5));
/** Whether the composer's kind is the brief's trade: its id or nouns share a stem with the brief's kind. */
function kindFits(chosen: string, wanted: string): boolean {
  const alts = wanted.split('|');
  if (alts.includes(chosen) || chosen === 'business') return true;
  const def = allKinds.find((k) => k.id === chosen);
  const mine = new Set(stems(`${chosen} ${def?.noun.join(' ') ?? ''}`));
  // A container kind named by the brief's own kind ("driving-school" built as a school).
  if (alts.some((a) => a.split('-').includes(chosen))) return true;
  return alts.some((a) => stems(a).some((s) => mine.has(s)));
}
/** Phrases that belong to one trade's template: a page showing them for another trade is that trade's site. */
const ownPhrases = allKinds.map((k) => ({
  id: k.id,
  phrases: [...k.items[0], ...k.items[1], k.offer[0], k.offer[1], k.tagline[0], k.tagline[1]].map(fold),
}));
/** A phrase several kinds share ("Servicios", "What we do") belongs to no trade. */
const shared = new Map<string, number>();
for (const k of ownPhrases) for (const p of new Set(k.phrases)) shared.set(p, (shared.get(p) ?? 0) + 1);
const tradePhrases = ownPhrases
  .filter((k) => k.id !== 'business')
  .map((k) => ({
    id: k.id,
    phrases: k.phrases.filter(
      (p) =>
        p.length >= 8 &&
        (shared.get(p) ?? 0) < 3 &&
        !/^(?:servicios|services|productos|products|nuestros servicios|our services|que hacemos|what we do|actividades|activities|programa|programme|novedades)$/.test(
          p,
        ),
    ),
  }));
const GENERIC_FOREIGN = [
  'experiencia profesional',
  'work experience',
  'ponentes',
  'speakers',
  'comprar entrada',
  'buy tickets',
  'nuestra carta',
  'patrocinadores',
  'sponsors',
  'reservar mesa',
  'book a table',
  'carrito',
  'add to cart',
  'para tu negocio',
];

/**
 * A section asked for by name is on the page when a section is marked with it, with the section id
 * its name means ("galería" → gallery, "preguntas frecuentes" → faq), or when a heading says it
 * ("documentación necesaria"). The name is folded like the page (the first version compared the
 * accented name with the folded page, so "galería" could never be found).
 */
function sectionShown(page: string, name: string): boolean {
  const folded = fold(name);
  if (page.includes(`data-section="${folded}"`)) return true;
  if (findSections(name).some((id) => page.includes(`data-section="${id}"`))) return true;
  return [...page.matchAll(/<h([23])[^>]*>([\s\S]*?)<\/h\1>/g)].some((m) =>
    (m[2] ?? '').replace(/<[^>]*>/g, '').includes(folded),
  );
}

const GENERIC_REFUSAL = /no s[eé] hacer ese cambio|can't make that change without|cannot make that change without/i;

const totals = { asked: 0, honoured: 0 };
const byType: Record<string, [number, number]> = {};
const misses: string[] = [];
let wrongKind = 0;
let foreignWords = 0;
let wrongTrade = 0;
let neutral = 0;
const sites: Files[] = [];
const kinds: string[] = [];
for (const [i, brief] of batch.briefs.entries()) {
  const { files } = answerApplied(brief.prompt);
  sites[i] = files;
  const page = pageOf(files);
  const text = textOf(files);
  const prompt = fold(brief.prompt);
  const count = (type: string, ok: boolean, what: string) => {
    const e = byType[type] ?? [0, 0];
    e[1]++;
    totals.asked++;
    if (ok) {
      e[0]++;
      totals.honoured++;
    } else misses.push(`#${i} ${type}: ${what}`);
    byType[type] = e;
  };
  for (const [type, values] of Object.entries(brief.facts)) for (const v of values) count(type, page.includes(fold(v)), v);
  count('language', (files['index.html'] ?? '').includes(`<html lang="${brief.language}"`), brief.language);
  for (const s of brief.sections ?? []) count('sections', sectionShown(page, s), s);
  if (brief.dark) count('dark', /color-scheme:\s*dark|--color-bg:\s*#0/i.test(files['style.css'] ?? ''), 'dark');
  const chosen = (files['index.html'] ?? '').match(/data-kind-id="([^"]+)"/)?.[1] ?? 'business';
  kinds[i] = chosen;
  if (chosen === 'business') neutral++;
  const fits = kindFits(chosen, brief.kind);
  const foreign = [
    ...tradePhrases.filter((t) => !kindFits(t.id, brief.kind)).flatMap((t) => t.phrases),
    ...GENERIC_FOREIGN,
  ].filter((p, n, all) => all.indexOf(p) === n && text.includes(p) && !prompt.includes(p));
  if (!fits) wrongKind++;
  if (foreign.length) foreignWords++;
  if (!fits || foreign.length) {
    wrongTrade++;
    misses.push(
      `#${i} trade: ${brief.kind} built as ${chosen}${foreign.length ? `; foreign: ${foreign.slice(0, 4).join(', ')}` : ''}`,
    );
  }
}

const fu = {
  doable: 0,
  landed: 0,
  refused: 0,
  wrong: 0,
  impossible: 0,
  refusedWithReason: 0,
  refusedGeneric: 0,
  changedImpossible: 0,
};
for (const f of batch.followUps) {
  const before = sites[f.brief] ?? {};
  const after = answerApplied(f.prompt, before);
  const changed = JSON.stringify(after.files) !== JSON.stringify(before);
  const page = pageOf(after.files);
  if (f.doable) {
    fu.doable++;
    // What must be gone is looked for in what a person reads and in links, not in icons' path data.
    const shown = `${textOf(after.files)} ${[...(after.files['index.html'] ?? '').matchAll(/href="([^"]*)"/g)].map((m) => fold(m[1] ?? '')).join(' ')}`;
    const ok = (f.present ?? []).every((p) => page.includes(fold(p))) && (f.absent ?? []).every((a) => !shown.includes(fold(a)));
    if (changed && ok) fu.landed++;
    else if (!changed) {
      fu.refused++;
      misses.push(`follow-up refused: #${f.brief} «${f.prompt}» → ${after.prose.slice(0, 140)}`);
    } else {
      fu.wrong++;
      const lost = [
        ...(f.present ?? []).filter((p) => !page.includes(fold(p))).map((p) => `missing ${p}`),
        ...(f.absent ?? []).filter((a) => shown.includes(fold(a))).map((a) => `still ${a}`),
      ];
      misses.push(`follow-up WRONG: #${f.brief} «${f.prompt}» (${lost.join('; ')}) → ${after.prose.slice(0, 100)}`);
    }
  } else {
    fu.impossible++;
    if (changed) {
      fu.changedImpossible++;
      misses.push(`impossible follow-up CHANGED the site: #${f.brief} «${f.prompt}»`);
    } else if (!after.prose.trim() || GENERIC_REFUSAL.test(after.prose)) {
      fu.refusedGeneric++;
      misses.push(`impossible follow-up, generic refusal: #${f.brief} «${f.prompt}» → ${after.prose.slice(0, 100)}`);
    } else fu.refusedWithReason++;
  }
}

const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / Math.max(1, b)).toFixed(1)}%)`;
const result = {
  batch: path.basename(file),
  briefs: batch.briefs.length,
  factsHonoured: pct(totals.honoured, totals.asked),
  byType: Object.fromEntries(Object.entries(byType).map(([k, [h, t]]) => [k, `${h}/${t}`])),
  wrongTradeSites: wrongTrade,
  wrongKindChosen: wrongKind,
  pagesWithAnotherTradesWords: foreignWords,
  neutralLayouts: neutral,
  followUps: {
    doableLanded: pct(fu.landed, fu.doable),
    doableRefused: fu.refused,
    wrong: fu.wrong + fu.changedImpossible,
    impossibleRefusedWithReason: pct(fu.refusedWithReason, fu.impossible),
    impossibleGenericRefusal: fu.refusedGeneric,
  },
};
console.log(JSON.stringify(result, null, 2));
if (showMisses) console.log(misses.join('\n'));
