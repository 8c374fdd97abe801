import { describe, expect, it } from 'vitest';
import { corpus } from '../../../../../../bench/corpus/composer-briefs';
import { freeBriefs } from '../../../../../../bench/corpus/composer-briefs-free';
import { freshBriefs } from '../../../../../../bench/corpus/composer-briefs-fresh';
import { checkSite } from '../../../modules/checks/check-site';
import { answerApplied } from './answer-applied';

/**
 * Every composer site passes the pre-publish check (issue 40) with 0 errors: a template that
 * regresses (an unlabelled field, a broken anchor, a contrast miss) fails here. A sample of the
 * project's own briefs, every k-th one of each corpus, keeps it fast.
 */
const SAMPLE = 12;
const every = <T>(list: readonly T[], n: number) => list.filter((_item, i) => i % Math.ceil(list.length / n) === 0);
const briefs = [...every(corpus, SAMPLE), ...every(freeBriefs, SAMPLE / 2), ...every(freshBriefs, SAMPLE / 2)].map(
  (b) => b.prompt,
);

describe('composer sites pass the Revisión with 0 errors', () => {
  it.each(briefs)('%s', async (prompt) => {
    const { ok, files } = answerApplied(prompt);
    expect(ok).toBe(true);
    const findings = await checkSite({ files: Object.entries(files).map(([path, content]) => ({ path, content })), images: [] });
    expect(findings.filter((f) => f.severity === 'error').map((f) => `${f.rule} ${f.file}:${f.line} ${f.message.es}`)).toEqual(
      [],
    );
  });
});
