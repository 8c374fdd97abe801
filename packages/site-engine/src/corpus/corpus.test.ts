import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAnswer } from '../answer';
import { parseOutput } from '../parse';
import { CLASSES, corpus } from './cases';
import { evaluateCase, summarize } from './evaluate';
import { SITES } from './sites';

const cases = corpus();

describe('the follow-up corpus (realistic model answers, each with its expected files or a refusal)', () => {
  it('covers every class with at least 200 answers', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const name of CLASSES)
      expect(
        cases.some((c) => c.class === name),
        name,
      ).toBe(true);
  });

  it('applies no answer wrongly and gets at least 99% right', () => {
    const results = cases.map(evaluateCase);
    const wrong = results.filter((r) => r.verdict === 'wrong').map((r) => `${r.id}: ${r.detail}`);
    expect(wrong).toEqual([]);
    const all = summarize(results).all;
    expect(all.correct / all.cases).toBeGreaterThanOrEqual(0.99);
  });

  it('cutting any answer that applies, at any point, never changes a file', () => {
    const applying = cases.filter((c) => c.expected !== 'refuse');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: applying.length - 1 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (i, where) => {
          const c = applying[i];
          if (!c) return;
          const cut = c.answer.slice(0, Math.floor(c.answer.length * where));
          const outcome = applyAnswer(SITES[c.site], parseOutput(cut), { finishReason: 'length' });
          expect(outcome.ok).toBe(false);
          const dropped = applyAnswer(SITES[c.site], parseOutput(cut), { dropped: true });
          expect(dropped.ok).toBe(false);
        },
      ),
      { numRuns: 400 },
    );
  });
});
