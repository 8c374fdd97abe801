/** One replacement that turns a text into another: `remove` characters at `at` give way to `insert`. */
export interface TextDelta {
  at: number;
  remove: number;
  insert: string;
}

/**
 * The smallest single replacement from `from` to `to` (their common start and end are kept). An
 * edit of a 200 KB document travels to the preview as a few characters instead of the document.
 */
export function textDelta(from: string, to: string): TextDelta {
  const shorter = Math.min(from.length, to.length);
  let start = 0;
  while (start < shorter && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)) {
    end++;
  }
  return { at: start, remove: from.length - start - end, insert: to.slice(start, to.length - end) };
}

/** `text` with the delta applied (what the preview frame does with one). */
export function applyDelta(text: string, { at, remove, insert }: TextDelta): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}
