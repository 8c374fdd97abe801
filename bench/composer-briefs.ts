// Benchmark: how much of each brief the local composer honours (issue 21), and its follow-ups.
// Runs the composer's answer (the text the generation endpoint streams) for the corpus in
// bench/corpus/composer-briefs.ts and prints facts honoured / asked per fact type, briefs fully
// honoured, wrong-industry words and follow-ups landed / refused / wrong.
// Run from the repository root: node --import tsx bench/composer-briefs.ts -> bench/results/composer-briefs.json
import { writeFileSync } from 'node:fs';
import { evaluateFollowUps, followUpBases } from '../apps/server/src/providers/ai/composer/followup-corpus.ts';
import { answer } from '../apps/server/src/providers/ai/composer/provider.ts';
import { applyEditsToFiles } from '../packages/site-engine/src/apply-edits.ts';
import { parseOutput } from '../packages/site-engine/src/parse.ts';
import { corpus as generated } from './corpus/composer-briefs.ts';
import { freeBriefs } from './corpus/composer-briefs-free.ts';

const corpus = [...generated, ...freeBriefs];

const FOREIGN =
  /Grupo Horizonte|Horizon Group|Calle Mayor 12|para tu negocio|carrito|add to cart|Nimbus|Nimbo|Hacemos crecer marcas|¡Gracias! Te responderemos/i;

function site(
  prompt: string,
  files: Record<string, string> = {},
  selected?: { selector: string; html: string },
): { files: Record<string, string>; prose: string } {
  const text = answer(
    prompt,
    Object.entries(files).map(([path, content]) => ({ path, content })),
    selected,
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

// Follow-ups: the corpus in composer/followup-corpus.ts, each on its base site.
const bases = new Map<string, Record<string, string>>();
const outcomes = await evaluateFollowUps(
  async (base) => {
    if (!bases.has(base)) bases.set(base, site(followUpBases[base]).files);
    return bases.get(base) as Record<string, string>;
  },
  async (prompt, files, selected) => {
    const after = site(prompt, files, selected);
    return { files: after.files, message: after.prose };
  },
);
const fu = {
  total: outcomes.length,
  landed: outcomes.filter((o) => o.verdict === 'landed').length,
  refused: outcomes.filter((o) => o.verdict === 'refused').length,
  wrong: outcomes.filter((o) => o.verdict === 'wrong').length,
  refusedAsExpected: outcomes.filter((o) => o.verdict === 'refused-as-expected').length,
  landedRate: '',
  notLanded: outcomes
    .filter((o) => o.verdict === 'refused' || o.verdict === 'wrong')
    .map((o) => `${o.verdict}: ${o.case.prompt}`),
};
const toLand = outcomes.filter((o) => o.case.expect !== 'refuse').length;
fu.landedRate = `${fu.landed}/${toLand} (${((100 * fu.landed) / toLand).toFixed(1)}%)`;

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
