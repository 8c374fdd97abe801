import { applyAnswer } from '../answer';
import { parseOutput } from '../parse';
import { CLASSES, type CorpusCase, type CorpusClass } from './cases';
import { SITES } from './sites';

export type Verdict = 'correct' | 'wrong' | 'refused';

export interface CaseResult {
  id: string;
  class: CorpusClass;
  verdict: Verdict;
  /** For a refusal, the Spanish reason; for a wrong application, the files that differ. */
  detail: string;
  ms: number;
}

/** Runs one case the way the generation endpoint does: parse the whole answer, then the one rule. */
export function evaluateCase(c: CorpusCase): CaseResult {
  const files = SITES[c.site];
  const started = performance.now();
  const parsed = parseOutput(c.answer, { defaultPath: 'index.html' });
  const outcome = applyAnswer(files, parsed, { finishReason: c.finishReason ?? 'stop' });
  const ms = performance.now() - started;
  const base = { id: c.id, class: c.class, ms };
  if (!outcome.ok) return { ...base, verdict: c.expected === 'refuse' ? 'correct' : 'refused', detail: outcome.message };
  if (c.expected === 'refuse') return { ...base, verdict: 'wrong', detail: 'applied an answer that must be refused' };
  const expected = c.expected;
  const paths = new Set([...Object.keys(expected), ...Object.keys(outcome.files)]);
  const differing = [...paths].filter((p) => expected[p] !== outcome.files[p]);
  return differing.length === 0
    ? { ...base, verdict: 'correct', detail: '' }
    : { ...base, verdict: 'wrong', detail: `differs in ${differing.join(', ')}` };
}

export interface ClassTotals {
  cases: number;
  correct: number;
  wrong: number;
  refused: number;
}

export function summarize(results: readonly CaseResult[]): Record<CorpusClass | 'all', ClassTotals> {
  const totals = {} as Record<CorpusClass | 'all', ClassTotals>;
  for (const key of [...CLASSES, 'all'] as const) totals[key] = { cases: 0, correct: 0, wrong: 0, refused: 0 };
  for (const r of results) {
    for (const key of [r.class, 'all'] as const) {
      const t = totals[key];
      t.cases++;
      t[r.verdict]++;
    }
  }
  return totals;
}
