import { applyEditsToFiles } from '@div/site-engine/apply-edits';
import { parseOutput } from '@div/site-engine/parse';
import { describe, expect, it } from 'vitest';
import { evaluateFollowUps, followUpBases, followUpCases, type SiteFiles } from './followup-corpus';
import { answer } from './provider';

/**
 * The follow-up corpus through the composer's real answer text, parsed and applied by the same
 * engine as a model's answer (issue 21): at least 90% land, none wrong, refusals say what it can do.
 */

function apply(prompt: string, files: SiteFiles, selected?: { selector: string; html: string }) {
  const text = answer(
    prompt,
    Object.entries(files).map(([path, content]) => ({ path, content })),
    selected,
  );
  const parsed = parseOutput(text);
  const next = { ...files };
  for (const f of parsed.files) next[f.path] = f.content;
  const applied = parsed.edits.length ? applyEditsToFiles(next, parsed.edits) : { ok: true, files: next };
  expect(applied.ok).toBe(true);
  return { files: applied.files, message: parsed.prose.trim() };
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

  it('lands at least 90% with none wrong, and refuses what it cannot do with concrete requests', async () => {
    const bases = new Map<string, SiteFiles>();
    const outcomes = await evaluateFollowUps(
      async (base) => {
        if (!bases.has(base)) bases.set(base, apply(followUpBases[base], {}).files);
        return bases.get(base) as SiteFiles;
      },
      async (prompt, files, selected) => apply(prompt, files, selected),
    );
    const wrong = outcomes.filter((o) => o.verdict === 'wrong').map((o) => `${o.case.base}: ${o.case.prompt}`);
    expect(wrong).toEqual([]);
    const toLand = outcomes.filter((o) => o.case.expect !== 'refuse');
    const landed = toLand.filter((o) => o.verdict === 'landed').length;
    expect(landed / toLand.length).toBeGreaterThanOrEqual(0.9);
    const refusals = outcomes.filter((o) => o.case.expect === 'refuse');
    expect(refusals.every((o) => o.verdict === 'refused-as-expected')).toBe(true);
  }, 180_000);
});
