import { MAX_EDIT_DISTANCE, shortestEdit, splitLines, trimmedIds } from './line-diff';

/** 1-based inclusive line range in the new text. */
export type LineRange = [start: number, end: number];

/**
 * The lines of `newText` that are new or changed compared with `oldText` (a Myers line diff after
 * trimming the common start and end). Pure deletions leave nothing to highlight in the new text.
 */
export function computeUpdatedLines(oldText: string, newText: string): LineRange[] {
  if (oldText === newText) return [];
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const { head, aIds, bIds } = trimmedIds(a, b);
  const n = aIds.length;
  const m = bIds.length;
  if (m === 0) return [];
  if (n === 0) return [[head + 1, head + m]];
  const script = shortestEdit(aIds, bIds, MAX_EDIT_DISTANCE);
  if (!script) return [[head + 1, head + m]];
  return toRanges(script.inserted.map((j) => head + j + 1));
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

function toRanges(lines: readonly number[]): LineRange[] {
  const ranges: LineRange[] = [];
  for (const line of lines) {
    const last = ranges[ranges.length - 1];
    if (last && line <= last[1] + 1) last[1] = Math.max(last[1], line);
    else ranges.push([line, line]);
  }
  return ranges;
}
