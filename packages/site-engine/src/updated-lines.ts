/** 1-based inclusive line range in the new text. */
export type LineRange = [start: number, end: number];

/** Beyond this many differences a line diff stops and the whole differing middle counts as changed. */
const MAX_EDIT_DISTANCE = 2000;

/**
 * The lines of `newText` that are new or changed compared with `oldText` (a Myers line diff after
 * trimming the common start and end). Pure deletions leave nothing to highlight in the new text.
 */
export function computeUpdatedLines(oldText: string, newText: string): LineRange[] {
  if (oldText === newText) return [];
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (m === 0) return [];
  if (n === 0) return [[head + 1, head + m]];

  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  const aIds = new Int32Array(n);
  const bIds = new Int32Array(m);
  for (let i = 0; i < n; i++) aIds[i] = idOf(a[head + i] ?? '');
  for (let j = 0; j < m; j++) bIds[j] = idOf(b[head + j] ?? '');

  const inserted = insertedLines(aIds, bIds, MAX_EDIT_DISTANCE);
  if (!inserted) return [[head + 1, head + m]];
  return toRanges(inserted.sort((x, y) => x - y).map((j) => head + j + 1));
}

/** `updatedLines` for every file that is new or changed. */
export function computeUpdatedLinesForFiles(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): Record<string, LineRange[]> {
  const out: Record<string, LineRange[]> = {};
  for (const [path, content] of Object.entries(after)) {
    const ranges = computeUpdatedLines(before[path] ?? '', content);
    if (ranges.length) out[path] = ranges;
  }
  return out;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** Indexes of `b` that the shortest edit script inserts (Myers 1986), or null past `maxD` edits. */
function insertedLines(a: Int32Array, b: Int32Array, maxD: number): number[] | null {
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

function backtrack(trace: readonly Int32Array[], n: number, m: number): number[] {
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
    x = prevX;
    y = prevY;
  }
  return inserted;
}

function toRanges(lines: readonly number[]): LineRange[] {
  const ranges: LineRange[] = [];
  for (const line of lines) {
    const last = ranges[ranges.length - 1];
    if (last && line <= last[1] + 1) last[1] = Math.max(last[1], line);
    else ranges.push([line, line]);
  }
  return ranges;
}
