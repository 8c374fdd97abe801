/**
 * Turns "old file, new file" into SEARCH/REPLACE blocks that each match exactly one place in the
 * old file: a line diff, then each hunk grows by lines of context until its SEARCH text is unique.
 */

export interface LineEdit {
  search: string;
  replace: string;
}

interface Hunk {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/** Lines of a text, each without its "\n"; a final newline does not make an empty last line. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The changed regions between two line lists (common prefix and suffix trimmed, LCS in between). */
function diffHunks(a: string[], b: string[]): Hunk[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 && m === 0) return [];
  if (n === 0 || m === 0 || n * m > 4_000_000) return [{ oldStart: start, oldEnd: endA, newStart: start, newEnd: endB }];
  // LCS table over the middle part, filled from the end.
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        a[start + i] === b[start + j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
    }
  }
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: Hunk | null = null;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      if (open) {
        hunks.push(open);
        open = null;
      }
      i++;
      j++;
      continue;
    }
    if (!open) open = { oldStart: start + i, oldEnd: start + i, newStart: start + j, newEnd: start + j };
    if (j < m && (i >= n || (table[i * width + j + 1] ?? 0) >= (table[(i + 1) * width + j] ?? 0))) {
      j++;
      open.newEnd = start + j;
    } else {
      i++;
      open.oldEnd = start + i;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}

function occurrences(lines: string[], needle: string[]): number {
  if (needle.length === 0) return lines.length + 1;
  let count = 0;
  for (let i = 0; i + needle.length <= lines.length; i++) {
    let same = true;
    for (let k = 0; k < needle.length; k++) {
      if (lines[i + k] !== needle[k]) {
        same = false;
        break;
      }
    }
    if (same && ++count > 1) return count;
  }
  return count;
}

function isUnique(lines: string[], h: Hunk): boolean {
  const search = lines.slice(h.oldStart, h.oldEnd);
  // A block of blank or bracket-only lines is too weak to anchor, even when unique.
  if (search.every((l) => l.trim().length < 3)) return false;
  return occurrences(lines, search) === 1;
}

/** SEARCH/REPLACE blocks that turn `before` into `after`, in file order, each matching exactly once. */
export function editBlocksFor(before: string, after: string): LineEdit[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const hunks = diffHunks(a, b);
  for (let index = 0; index < hunks.length; index++) {
    const h = hunks[index] as Hunk;
    while (!isUnique(a, h) && (h.oldStart > 0 || h.oldEnd < a.length)) {
      if (h.oldStart > 0) {
        h.oldStart--;
        h.newStart--;
      }
      if (h.oldEnd < a.length) {
        h.oldEnd++;
        h.newEnd++;
      }
      const prev = hunks[index - 1];
      if (prev && prev.oldEnd >= h.oldStart) {
        h.oldStart = prev.oldStart;
        h.newStart = prev.newStart;
        hunks.splice(index - 1, 1);
        index--;
      }
      const next = hunks[index + 1];
      if (next && next.oldStart <= h.oldEnd) {
        h.oldEnd = next.oldEnd;
        h.newEnd = next.newEnd;
        hunks.splice(index + 1, 1);
      }
    }
  }
  const text = (lines: string[]) => lines.map((l) => `${l}\n`).join('');
  return hunks.map((h) => ({ search: text(a.slice(h.oldStart, h.oldEnd)), replace: text(b.slice(h.newStart, h.newEnd)) }));
}
