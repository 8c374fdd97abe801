import { applyAnswer } from '@div/site-engine/answer';
import { parseOutput } from '@div/site-engine/parse';
import { answer } from './provider';

type Files = Record<string, string>;

/**
 * The composer's answer to `prompt`, parsed and applied by the same rule as every answer the server
 * takes (ADR 0160). An answer with prose only (a refusal that says what it can do) leaves the files
 * as they were. Used by the follow-up corpus test and bench/composer-briefs.ts.
 */
export function answerApplied(
  prompt: string,
  files: Files = {},
  selected?: { selector: string; html: string },
): { ok: boolean; files: Files; prose: string } {
  const text = answer(
    prompt,
    Object.entries(files).map(([path, content]) => ({ path, content })),
    selected,
  );
  const parsed = parseOutput(text);
  if (!parsed.files.length && !parsed.edits.length) return { ok: true, files: { ...files }, prose: parsed.prose };
  const applied = applyAnswer(files, parsed, { author: 'composer', finishReason: 'stop' });
  return applied.ok
    ? { ok: true, files: applied.files, prose: parsed.prose }
    : { ok: false, files: { ...files }, prose: parsed.prose };
}
