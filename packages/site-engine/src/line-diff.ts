/*
 * A line diff (Myers 1986) for people to read: the rows of two texts as kept, removed and added
 * lines. `computeUpdatedLines` uses the same edit script to mark what a generation changed; the
 * git conflict view shows both sides of a file with it.
 */

export type DiffRow =
  | { kind: 'same'; text: string; oldLine: number; newLine: number }
  | { kind: 'removed'; text: string; oldLine: number }
  | { kind: 'added'; text: string; newLine: number };

/** Beyond this many differences the diff stops and the whole differing middle counts as changed. */
export const MAX_EDIT_DISTANCE = 2000;

/** Lines of a text without their "\n" (or "\r\n"); a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** The common start and end of two line lists, and the middles as ids (equal lines, equal ids). */
export function trimmedIds(a: readonly string[], b: readonly string[]) {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  const aIds = Int32Array.from({ length: a.length - head - tail }, (_, i) => idOf(a[head + i] ?? ''));
  const bIds = Int32Array.from({ length: b.length - head - tail }, (_, j) => idOf(b[head + j] ?? ''));
  return { head, tail, aIds, bIds };
}

/**
 * The shortest edit script from `a` to `b`: the indexes of `a` it deletes and of `b` it inserts,
 * each ascending; null past `maxD` edits.
 */
export function shortestEdit(
  a: Int32Array,
  b: Int32Array,
  maxD = MAX_EDIT_DISTANCE,
): { deleted: number[]; inserted: number[] } | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  const limit = Math.min(max, maxD);
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0))
          ? (v[off + k + 1] ?? 0)
          : (v[off + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(off - d, off + d + 1));
        return backtrack(trace, n, m);
      }
    }
    trace.push(v.slice(off - d, off + d + 1));
  }
  return null;
}

function backtrack(trace: readonly Int32Array[], n: number, m: number) {
  const deleted: number[] = [];
  const inserted: number[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1] as Int32Array;
    const at = (k: number) => prev[k + d - 1] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    if (down) inserted.push(prevY);
    else deleted.push(prevX);
    x = prevX;
    y = prevY;
  }
  return { deleted: deleted.reverse(), inserted: inserted.reverse() };
}

/**
 * Every line of both texts in reading order: kept lines once, a removed run before the added run
 * that replaces it. Line numbers are 1-based in their own text.
 */
export function lineDiff(oldText: string, newText: string): DiffRow[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const { head, aIds, bIds } = trimmedIds(a, b);
  const script = shortestEdit(aIds, bIds) ?? {
    deleted: Array.from(aIds, (_, i) => i),
    inserted: Array.from(bIds, (_, j) => j),
  };
  const deleted = new Set(script.deleted.map((i) => head + i));
  const inserted = new Set(script.inserted.map((j) => head + j));
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && (deleted.has(i) || j >= b.length)) {
      rows.push({ kind: 'removed', text: a[i] ?? '', oldLine: i + 1 });
      i++;
    } else if (j < b.length && (inserted.has(j) || i >= a.length)) {
      rows.push({ kind: 'added', text: b[j] ?? '', newLine: j + 1 });
      j++;
    } else {
      rows.push({ kind: 'same', text: a[i] ?? '', oldLine: i + 1, newLine: j + 1 });
      i++;
      j++;
    }
  }
  return rows;
}
