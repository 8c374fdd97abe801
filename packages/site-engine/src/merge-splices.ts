/** Lines [start, end) of the text the blocks were located in, replaced by `lines`. */
export interface Splice {
  start: number;
  end: number;
  lines: string[];
  /** The block it came from, up to formatting (to tell a repeated block from a conflicting one). */
  searchKey?: string;
  replaceKey?: string;
}

/** Past this many line pairs two regions are not aligned (they conflict, as before). */
const MAX_PAIRS = 250_000;

/**
 * What a splice changes, as the smallest pieces: lines it keeps as they are drop out, a run of n
 * lines replaced by n lines becomes n one-line changes, anything else stays one piece.
 */
function piecesOf(own: readonly string[], splice: Splice): Splice[] | null {
  const old = own.slice(splice.start, splice.end);
  const next = splice.lines;
  const n = old.length;
  const m = next.length;
  if (n * m > MAX_PAIRS) return null;
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * width + j] =
        old[i] === next[j]
          ? 1 + (table[(i + 1) * width + j + 1] ?? 0)
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
  const pieces: Splice[] = [];
  const keys = { searchKey: splice.searchKey, replaceKey: splice.replaceKey };
  let i = 0;
  let j = 0;
  let from = [0, 0];
  const close = () => {
    const at = splice.start + (from[0] ?? 0);
    const removed = i - (from[0] ?? 0);
    const added = next.slice(from[1], j);
    if (removed === added.length) {
      for (let k = 0; k < removed; k++) pieces.push({ start: at + k, end: at + k + 1, lines: [added[k] ?? ''], ...keys });
    } else pieces.push({ start: at, end: at + removed, lines: added, ...keys });
  };
  while (i < n || j < m) {
    if (i < n && j < m && old[i] === next[j]) {
      close();
      i++;
      j++;
      from = [i, j];
    } else if (j >= m || (i < n && (table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0))) i++;
    else j++;
  }
  close();
  return pieces;
}

function clash(a: Splice, b: Splice): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

const same = (a: Splice, b: Splice) =>
  a.start === b.start && a.end === b.end && a.lines.length === b.lines.length && a.lines.every((l, k) => l === b.lines[k]);

/**
 * Two blocks on overlapping lines that agree: one keeps as context (or changes the same way) what
 * the other changes. Their pieces are merged; null when two pieces change the same lines
 * differently (a conflict). `own` are the lines the splices refer to.
 */
export function mergeCompatible(own: readonly string[], earlier: readonly Splice[], incoming: Splice): Splice[] | null {
  const merged: Splice[] = [];
  for (const splice of earlier) {
    const pieces = piecesOf(own, splice);
    if (!pieces) return null;
    merged.push(...pieces);
  }
  const added = piecesOf(own, incoming);
  if (!added) return null;
  for (const piece of added) {
    const clashing = merged.filter((p) => clash(p, piece));
    if (clashing.length === 0) merged.push(piece);
    else if (!clashing.every((p) => same(p, piece))) return null;
  }
  return merged;
}
