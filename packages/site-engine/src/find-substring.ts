/** What the substring search needs from a document (see LineDoc in ./match). */
export interface SubstringSearchable {
  readonly text: string;
  readonly lines: readonly string[];
  readonly starts: Int32Array;
  readonly eol: '\n' | '\r\n';
}

export type SubstringMatch = { ok: true; start: number; end: number; lines: string[] } | { ok: false; places: number[] };

/** Shorter fragments than this are too likely to be a coincidence to edit in place. */
const MIN_FRAGMENT = 8;

/**
 * SEARCH text that is part of a line (`color: red;` inside `h1 { color: red; }`), or starts and
 * ends mid-line: replaced in place when it occurs exactly once, as is or trimmed. The result is
 * expressed as whole lines so it splices like the other tiers.
 */
export function findSubstring(
  doc: SubstringSearchable,
  search: readonly string[],
  replace: readonly string[],
  /** Only the first place on or after this line counts (an apply_patch anchor). */
  afterLine?: number,
): SubstringMatch {
  const tries: [string, string][] = [[search.join('\n'), replace.join('\n')]];
  if (search.length === 1) tries.push([(search[0] ?? '').trim(), replace.join('\n').trim()]);
  for (const [s, r] of tries) {
    if (s.trim().length < MIN_FRAGMENT) continue;
    const needle = doc.eol === '\r\n' ? s.replace(/\n/g, '\r\n') : s;
    const first = doc.text.indexOf(needle, afterLine === undefined ? 0 : (doc.starts[afterLine] ?? 0));
    if (first < 0) continue;
    const second = afterLine === undefined ? doc.text.indexOf(needle, first + 1) : -1;
    if (second >= 0) return { ok: false, places: [lineAt(doc.starts, first), lineAt(doc.starts, second)] };
    const startLine = lineAt(doc.starts, first);
    const endLine = lineAt(doc.starts, first + needle.length - 1);
    const head = doc.text.slice(doc.starts[startLine] ?? 0, first);
    const lastLine = doc.lines[endLine] ?? '';
    const tail = lastLine.slice(first + needle.length - (doc.starts[endLine] ?? 0));
    return { ok: true, start: startLine, end: endLine + 1, lines: `${head}${r}${tail}`.replace(/\r\n/g, '\n').split('\n') };
  }
  return { ok: false, places: [] };
}

function lineAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
