/**
 * Replacements in code points (ADR 0209), without zod: the editor's first load uses it (ADR 0064).
 * The server applies a file patch with PostgreSQL's overlay, which counts characters, not UTF-16 units.
 */

/** The shape of `filePatchSchema` (spaces.ts). */
export interface CodePointPatch {
  path: string;
  at: number;
  remove: number;
  insert: string;
  length: number;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
function codePoints(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (!(isLow(text.charCodeAt(i)) && i > from && isHigh(text.charCodeAt(i - 1)))) count++;
  return count;
}

/**
 * The patch of `path` that replaces `remove` UTF-16 units at `at` of `base` by `insert`, in code
 * points; a replacement that would cut a surrogate pair takes the whole pair.
 */
export function codePointPatch(path: string, base: string, at: number, remove: number, insert: string): CodePointPatch {
  let start = at;
  let end = at + remove;
  let text = insert;
  if (start > 0 && start < base.length && isLow(base.charCodeAt(start)) && isHigh(base.charCodeAt(start - 1))) {
    start--;
    text = base.charAt(start) + text;
  }
  if (end > 0 && end < base.length && isLow(base.charCodeAt(end)) && isHigh(base.charCodeAt(end - 1))) {
    text += base.charAt(end);
    end++;
  }
  const before = codePoints(base, 0, start);
  const removed = codePoints(base, start, end);
  return { path, at: before, remove: removed, insert: text, length: before + removed + codePoints(base, end, base.length) };
}
