import { describe, expect, it } from 'vitest';
import { answerApplied } from './answer-applied';
import { evaluateFollowUps, followUpBases, followUpCases, type SiteFiles } from './followup-corpus';

/**
 * The follow-up corpus through the composer's real answer text, parsed and applied by the same
 * engine as a model's answer (issue 21): at least 90% land, none wrong, refusals say what it can do.
 */

function apply(prompt: string, files: SiteFiles, selected?: { selector: string; html: string }) {
  const applied = answerApplied(prompt, files, selected);
  expect(applied.ok).toBe(true);
  return { files: applied.files, message: applied.prose.trim() };
}

describe('follow-up corpus', () => {
  it('has at least 60 follow-ups in Spanish and English', () => {
    expect(followUpCases.length).toBeGreaterThanOrEqual(60);
    const english = followUpCases.filter(
      (c) =>
        followUpBases[c.base].startsWith('Website') || /^[a-z ]*(add|change|make|move|remove|use|translate)\b/i.test(c.prompt),
    );
    expect(english.length).toBeGreaterThanOrEqual(15);
  });

  // One test per base site, so each stays well inside its time limit on a busy machine.
  for (const base of Object.keys(followUpBases) as (keyof typeof followUpBases)[]) {
    it(`${base}: lands at least 90% with none wrong, and refuses what it cannot do with concrete requests`, async () => {
      const start = apply(followUpBases[base], {}).files;
      const outcomes = await evaluateFollowUps(
        async () => start,
        async (prompt, files, selected) => apply(prompt, files, selected),
        followUpCases.filter((c) => c.base === base),
      );
      const wrong = outcomes.filter((o) => o.verdict === 'wrong').map((o) => o.case.prompt);
      expect(wrong).toEqual([]);
      const toLand = outcomes.filter((o) => o.case.expect !== 'refuse');
      const landed = toLand.filter((o) => o.verdict === 'landed').length;
      expect(landed / toLand.length).toBeGreaterThanOrEqual(0.9);
      const refusals = outcomes.filter((o) => o.case.expect === 'refuse');
      expect(refusals.filter((o) => o.verdict !== 'refused-as-expected').map((o) => o.case.prompt)).toEqual([]);
    }, 300_000);
  }
});
