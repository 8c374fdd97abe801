import { escapeAttr } from '../../lib/html-elements';

/*
 * Byte-exact edits of a file's text: each replaces [start, end) with `text`, found from parse5's
 * or postcss's source positions, so the rest of the file stays as it was written.
 */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies edits to a text. An edit inside a range another edit replaces is dropped (that range is
 * rewritten whole); insertions at one place keep the order they were given in.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = edits.map((edit, i) => ({ ...edit, i })).sort((a, b) => a.start - b.start || a.i - b.i);
  const kept: TextEdit[] = [];
  let coveredTo = -1;
  for (const edit of ordered) {
    if (edit.end > edit.start && edit.start < coveredTo) continue;
    if (edit.end === edit.start && edit.start < coveredTo && edit.start > (kept.at(-1)?.start ?? -1)) continue;
    kept.push(edit);
    if (edit.end > edit.start) coveredTo = Math.max(coveredTo, edit.end);
  }
  let out = '';
  let at = 0;
  for (const edit of kept) {
    if (edit.start < at) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** A value fit for a double-quoted HTML attribute. */
export const quoteAttr = (value: string) => `"${escapeAttr(value)}"`;
/** Text fit for an element's content. */
export const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
