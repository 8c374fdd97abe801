import { LineDoc, type Located, locate } from './match';

export type EditOutcome = 'applied_exact' | 'applied_tolerant' | 'applied_fuzzy' | 'not_found' | 'ambiguous';

export interface SearchReplace {
  search: string;
  replace: string;
}

export interface BlockResult {
  /** Position of the block in the list given to `applyEdits` (0-based). */
  index: number;
  outcome: EditOutcome;
  /** 1-based first and last line the block matched, in the text it was matched against. */
  lines?: [number, number];
  /** For `ambiguous`: 1-based first lines of the places it matched (at most five). */
  candidates?: number[];
  /** Line similarity of a fuzzy match, or of the closest place when `not_found`. */
  similarity?: number;
  /** For `not_found`: the closest region (1-based lines) and its text, to show the model. */
  closest?: { lines: [number, number]; text: string };
}

export interface ApplyOptions {
  /** Keep the file unchanged when any block fails (default true). */
  allOrNothing?: boolean;
  /** Allow the fuzzy tier (default true). */
  fuzzy?: boolean;
  /** Minimum line similarity for a fuzzy match (default 0.85). */
  threshold?: number;
  /** Bound on the fuzzy tier's work per block, in character comparisons (default 20 million). */
  maxFuzzyWork?: number;
}

export interface ApplyResult {
  content: string;
  /** Every block applied. */
  ok: boolean;
  /** The content differs from the input (false whenever all-or-nothing kept the file). */
  changed: boolean;
  results: BlockResult[];
}

interface Splice {
  start: number;
  end: number;
  lines: string[];
}

const OUTCOME: Record<'exact' | 'tolerant' | 'fuzzy', EditOutcome> = {
  exact: 'applied_exact',
  tolerant: 'applied_tolerant',
  fuzzy: 'applied_fuzzy',
};

/**
 * Applies SEARCH/REPLACE blocks to one file. Blocks are located in the text the model saw (the
 * input); a block that only matches text written by an earlier block is looked for again in the
 * text as edited so far. Each block lands in exactly one place or not at all.
 */
export function applyEdits(content: string, blocks: readonly SearchReplace[], options: ApplyOptions = {}): ApplyResult {
  const allOrNothing = options.allOrNothing ?? true;
  let doc = new LineDoc(content);
  let splices: Splice[] = [];
  const results: BlockResult[] = [];

  blocks.forEach((block, index) => {
    const search = toLines(block.search);
    const replace = toLines(block.replace);
    if (search.every((line) => line.trim() === '')) {
      if (content.trim() === '' && splices.length === 0) {
        splices.push({ start: 0, end: doc.lines.length, lines: replace.length ? [...replace, ''] : [] });
        results.push({ index, outcome: 'applied_exact', lines: [1, 1] });
      } else results.push({ index, outcome: 'not_found' });
      return;
    }
    const locateOptions = {
      fuzzy: options.fuzzy ?? true,
      threshold: options.threshold ?? 0.85,
      budget: { left: options.maxFuzzyWork ?? 20_000_000 },
    };
    let found = locate(doc, search, replace, locateOptions);
    if ((!found.ok || overlaps(splices, found)) && splices.length > 0) {
      doc = new LineDoc(doc.splice(splices));
      splices = [];
      locateOptions.budget.left = options.maxFuzzyWork ?? 20_000_000;
      found = locate(doc, search, replace, locateOptions);
    }
    if (found.ok) {
      splices.push({ start: found.start, end: found.end, lines: found.lines });
      results.push({
        index,
        outcome: OUTCOME[found.tier],
        lines: [found.start + 1, found.end],
        ...(found.similarity !== undefined ? { similarity: round(found.similarity) } : {}),
      });
    } else results.push(failure(index, found, doc));
  });

  const ok = results.every((r) => r.outcome.startsWith('applied'));
  if (!ok && allOrNothing) return { content, ok, changed: false, results };
  const next = splices.length ? doc.splice(splices) : doc.text;
  return { content: next, ok, changed: next !== content, results };
}

function failure(index: number, found: Exclude<Located, { ok: true }>, doc: LineDoc): BlockResult {
  if (found.reason === 'ambiguous') return { index, outcome: 'ambiguous', candidates: found.starts.map((s) => s + 1) };
  const result: BlockResult = { index, outcome: 'not_found' };
  if (found.closest) {
    const { start, end, similarity } = found.closest;
    result.similarity = round(similarity);
    result.closest = { lines: [start + 1, end], text: doc.lines.slice(start, end).join('\n') };
  }
  return result;
}

function overlaps(splices: readonly Splice[], found: Located): boolean {
  if (!found.ok) return false;
  return splices.some((s) => found.start < s.end && s.start < found.end);
}

/** Block text to lines: one trailing newline ends the last line rather than adding an empty one. */
export function toLines(text: string): string[] {
  if (text === '') return [];
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  return body.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Text for the model explaining which blocks failed and why, so it can send corrected blocks. */
export function describeFailures(path: string, blocks: readonly SearchReplace[], results: readonly BlockResult[]): string {
  const failed = results.filter((r) => !r.outcome.startsWith('applied'));
  if (failed.length === 0) return '';
  const parts = [
    `${failed.length} of ${results.length} SEARCH/REPLACE block(s) for ${path} could not be applied, so none of the blocks for this file were applied. Send corrected blocks for ${path} (all of them, including the ones that matched); copy SEARCH text exactly from the current file.`,
  ];
  for (const r of failed) {
    const block = blocks[r.index];
    const quoted = block ? fenceText(block.search) : '';
    if (r.outcome === 'ambiguous') {
      parts.push(
        `Block ${r.index + 1}: its SEARCH text matches ${r.candidates?.length ?? 2} places (starting at lines ${(r.candidates ?? []).join(', ')}). Include more surrounding lines so it matches exactly one place.\n${quoted}`,
      );
    } else if (r.closest) {
      parts.push(
        `Block ${r.index + 1}: its SEARCH text was not found. The closest lines are ${r.closest.lines[0]}-${r.closest.lines[1]} (${Math.round((r.similarity ?? 0) * 100)}% similar), which currently read:\n${fenceText(r.closest.text)}\nThe SEARCH text was:\n${quoted}`,
      );
    } else {
      parts.push(`Block ${r.index + 1}: its SEARCH text was not found in ${path}.\n${quoted}`);
    }
  }
  return parts.join('\n\n');
}

function fenceText(text: string): string {
  return `\`\`\`\n${text.endsWith('\n') ? text : `${text}\n`}\`\`\``;
}

export interface FileEdits {
  path: string;
  ok: boolean;
  results: BlockResult[];
}

/**
 * Applies blocks for several files (`files` maps path to content). With all-or-nothing (the
 * default) one failed block anywhere leaves every file unchanged; without it, the files whose blocks
 * all applied change and a file with a failed block stays as it was (never half-edited). A missing
 * file can be created by blocks with an empty SEARCH.
 */
export function applyEditsToFiles(
  files: Readonly<Record<string, string>>,
  blocks: readonly (SearchReplace & { path: string })[],
  options: ApplyOptions = {},
): { files: Record<string, string>; ok: boolean; byPath: FileEdits[]; failures: string } {
  const groups = new Map<string, (SearchReplace & { path: string })[]>();
  for (const block of blocks) groups.set(block.path, [...(groups.get(block.path) ?? []), block]);
  const next: Record<string, string> = { ...files };
  const byPath: FileEdits[] = [];
  const failures: string[] = [];
  for (const [path, group] of groups) {
    const applied = applyEdits(files[path] ?? '', group, { ...options, allOrNothing: false });
    const missing = files[path] === undefined && !applied.ok;
    const ok = applied.ok && !(files[path] === undefined && group.some((b) => b.search.trim() !== ''));
    if (applied.ok && !missing) next[path] = applied.content;
    byPath.push({ path, ok, results: applied.results });
    if (!ok)
      failures.push(describeFailures(path, group, applied.results) || `The file ${path} does not exist; write it whole instead.`);
  }
  const ok = byPath.every((f) => f.ok);
  if (!ok && (options.allOrNothing ?? true)) return { files: { ...files }, ok, byPath, failures: failures.join('\n\n') };
  return { files: next, ok, byPath, failures: failures.join('\n\n') };
}
