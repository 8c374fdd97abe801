// The follow-up corpus: every realistic answer through the parser and the one rule (ADR 0160),
// printed per class as correct / wrong applications / refusals, with the slowest refusal.
// Run from the repository root: node --import tsx bench/edit-corpus.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { corpus } from '../packages/site-engine/src/corpus/cases';
import { evaluateCase, summarize } from '../packages/site-engine/src/corpus/evaluate';

const cases = corpus();
for (const c of cases.slice(0, 20)) evaluateCase(c);
const results = cases.map(evaluateCase);
const totals = summarize(results);
console.table(totals);
for (const r of results) if (r.verdict !== 'correct') console.log(`${r.verdict}: ${r.id} — ${r.detail}`);
const refusals = results.filter((r) => totals && cases.find((c) => c.id === r.id)?.expected === 'refuse');
const slowest = [...refusals].sort((a, b) => b.ms - a.ms)[0];
if (slowest) console.log(`slowest refusal: ${slowest.id} ${slowest.ms.toFixed(2)} ms`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/edit-corpus.json',
  `${JSON.stringify({ date: new Date().toISOString(), totals, slowestRefusal: slowest ? { id: slowest.id, ms: Number(slowest.ms.toFixed(3)) } : null }, null, 2)}\n`,
);
if (totals.all.wrong > 0 || totals.all.correct / totals.all.cases < 0.99) process.exitCode = 1;
