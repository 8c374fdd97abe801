import { elisionLines, isElisionLine } from './elision';
import { LineDoc, type Located, locate } from './match';
import { mergeCompatible, type Splice } from './merge-splices';
import { isBlank, normalizeLine } from './normalize';
import { extensionOf } from './paths';

/**
 * What became of one block. `repeated`: the same block (up to formatting) came earlier and applied
 * once; `conflict`: another block already changed those lines, or the same SEARCH came with a
 * different REPLACE; `elision`: it writes a placeholder (`// ... existing code ...`) or its elided
 * anchors are not unique; `exists`: an empty SEARCH for an HTML page that already has content.
 */
export type EditOutcome =
  | 'applied_exact'
  | 'applied_tolerant'
  | 'applied_fuzzy'
  | 'repeated'
  | 'not_found'
  | 'ambiguous'
  | 'conflict'
  | 'elision'
  | 'exists';

export interface SearchReplace {
  search: string;
  replace: string;
  /** A line before the place meant (apply_patch's `@@` context): narrows a SEARCH found several times. */
  anchor?: string;
}

export interface BlockResult {
  /** Position of the block in the list given to `applyEdits` (0-based). */
  index: number;
  outcome: EditOutcome;
  /** 1-based first and last line the block matched, in the text it was matched against. */
  lines?: [number, number];
  /** For `ambiguous`: 1-based first lines of the places it matched (at most five). */
  candidates?: number[];
  /** Line similarity of the closest place when `not_found`. */
  similarity?: number;
  /** For `not_found`: the closest region (1-based lines) and its text, to show the model. */
  closest?: { lines: [number, number]; text: string };
  /** For `elision`: the placeholder lines. */
  placeholders?: string[];
}

/** What an empty SEARCH means for this file: write it (missing or empty), add to its end (CSS, JS), or nothing (a page). */
export type EmptySearch = 'create' | 'append' | 'refuse';

export interface ApplyOptions {
  /** Keep the file unchanged when any block fails (default true). */
  allOrNothing?: boolean;
  /** What an empty SEARCH does when the file has content (default 'refuse'). */
  emptySearch?: EmptySearch;
  /** Bound on the search for the closest place of a block that is not found, in character comparisons (default 5 million). */
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

const OUTCOME: Record<'exact' | 'tolerant', EditOutcome> = {
  exact: 'applied_exact',
  tolerant: 'applied_tolerant',
};

export function isApplied(outcome: EditOutcome): boolean {
  return outcome.startsWith('applied') || outcome === 'repeated';
}

/** Lines compared up to formatting: what makes two blocks "the same block". */
function formattingKey(lines: readonly string[]): string {
  return lines
    .filter((line) => !isBlank(line))
    .map(normalizeLine)
    .join('\n');
}

/**
 * Applies SEARCH/REPLACE blocks to one file, in order. Blocks are located in the text the model saw
 * (the input); a block that only matches text written by an earlier block is looked for again in the
 * text as edited so far. Each block lands in exactly one place or not at all; a block repeated
 * (up to formatting) applies once; two blocks that change the same lines differently conflict.
 */
export function applyEdits(content: string, blocks: readonly SearchReplace[], options: ApplyOptions = {}): ApplyResult {
  const allOrNothing = options.allOrNothing ?? true;
  let doc = new LineDoc(content);
  let splices: Splice[] = [];
  const appended: string[] = [];
  const results: BlockResult[] = [];
  const budget = () => ({ threshold: 0.85, budget: { left: options.maxFuzzyWork ?? 5_000_000 } });
  // Accented letters are written the way the file writes them (composed "é" or "e" + accent).
  let form: 'NFC' | 'NFD' | null | undefined;
  const inFileForm = (line: string) => {
    if (!NON_ASCII.test(line)) return line;
    form ??= unicodeForm(content);
    return form ? line.normalize(form) : line;
  };

  blocks.forEach((block, index) => {
    const search = toLines(block.search);
    const replace = toLines(block.replace).map((line) => inFileForm(straightenAttributeQuotes(line)));
    const searchKey = formattingKey(search);
    const replaceKey = formattingKey(replace);
    const searchElided = search.filter((line) => isElisionLine(line) && !content.includes(line.trim()));
    const replacePlaceholders = elisionLines(replace.join('\n'), content);
    // A placeholder stands for lines only when REPLACE keeps it too: in SEARCH alone it would delete
    // them, in REPLACE alone it would be written (ADR 0160, issue 39).
    if (replacePlaceholders.length !== searchElided.length) {
      const placeholders = replacePlaceholders.length > 0 ? replacePlaceholders : searchElided.map((l) => l.trim());
      results.push({ index, outcome: 'elision', placeholders });
      return;
    }

    if (searchKey === '') {
      const mode = content.trim() === '' ? 'create' : (options.emptySearch ?? 'refuse');
      if (mode === 'refuse') results.push({ index, outcome: 'exists' });
      else {
        if (mode === 'create' && splices.length === 0 && appended.length === 0) {
          splices.push({ start: 0, end: doc.lines.length, lines: replace.length ? [...replace, ''] : [] });
        } else appended.push(...replace);
        results.push({ index, outcome: 'applied_exact', lines: [1, 1] });
      }
      return;
    }

    const find = (d: LineDoc): Located | { ok: false; reason: 'elision' } =>
      searchElided.length ? locateElided(d, search, replace, budget) : locateAnchored(d, search, replace, block.anchor, budget);
    let found = find(doc);
    if (found.ok) {
      const overlapping = splices.filter((p) => found.ok && found.start < p.end && p.start < found.end);
      if (overlapping.length > 0) {
        // The same block again (up to formatting) applies once; one that agrees with the earlier
        // ones on the lines they share is merged with them; anything else on those lines conflicts.
        const same = overlapping.every((p) => p.searchKey === searchKey && p.replaceKey === replaceKey);
        const merged =
          same || 'pieces' in found
            ? null
            : mergeCompatible(doc.lines, overlapping, {
                start: found.start,
                end: found.end,
                lines: found.lines,
                searchKey,
                replaceKey,
              });
        if (!merged) {
          results.push({ index, outcome: same ? 'repeated' : 'conflict', lines: [found.start + 1, found.end] });
          return;
        }
        splices = [...splices.filter((p) => !overlapping.includes(p)), ...merged];
        results.push({ index, outcome: OUTCOME[found.tier], lines: [found.start + 1, found.end] });
        return;
      }
    }
    if (!found.ok && found.reason === 'not_found' && splices.length > 0) {
      // Perhaps it edits what an earlier block wrote: look in the text as edited so far.
      const edited = new LineDoc(doc.splice(splices));
      const again = find(edited);
      if (again.ok) {
        doc = edited;
        splices = [];
        found = again;
      }
    }
    if (found.ok) {
      const pieces: Splice[] =
        'pieces' in found ? (found.pieces as Splice[]) : [{ start: found.start, end: found.end, lines: found.lines }];
      for (const piece of pieces) splices.push({ ...piece, searchKey, replaceKey });
      results.push({ index, outcome: OUTCOME[found.tier], lines: [found.start + 1, found.end] });
    } else if (found.reason === 'elision')
      results.push({ index, outcome: 'elision', placeholders: searchElided.map((l) => l.trim()) });
    else results.push(failure(index, found, doc));
  });

  const ok = results.every((r) => isApplied(r.outcome));
  if (!ok && allOrNothing) return { content, ok, changed: false, results };
  let next = splices.length ? doc.splice(splices) : doc.text;
  if (appended.length) next = appendLines(next, appended);
  return { content: next, ok, changed: next !== content, results };
}

const NON_ASCII = /[\u0080-\uffff]/;

/** How a text composes its accented letters: NFC (the web's usual form), NFD, or mixed (null). */
function unicodeForm(text: string): 'NFC' | 'NFD' | null {
  if (!NON_ASCII.test(text) || text.normalize('NFC') === text) return 'NFC';
  return text.normalize('NFD') === text ? 'NFD' : null;
}

/** `class=“hero”`: typographic quotes where an attribute's quotes belong become straight ones. */
function straightenAttributeQuotes(line: string): string {
  if (!/[\u201c\u201d]/.test(line) || !line.includes('<')) return line;
  return line.replace(/(<[A-Za-z][^<>]*?\s[\w:-]+=)[\u201c\u201d]([^\u201c\u201d"<>]*)[\u201c\u201d]/g, '$1"$2"');
}

/**
 * Adds lines at the very end of a file, in its own line endings, and spaced as the file spaces its
 * rules or functions: a blank line before them when most of its top-level blocks have one after them.
 */
function appendLines(text: string, lines: readonly string[]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const own = text.split(/\r?\n/);
  let spaced = 0;
  let tight = 0;
  for (let i = 0; i + 1 < own.length; i++) {
    if (!/^\S.*\}[);]*\s*$|^\}/.test(own[i] ?? '')) continue;
    const next = own[i + 1] ?? '';
    if (i + 2 === own.length && next === '') continue;
    if (isBlank(next)) spaced++;
    else tight++;
  }
  const gap = spaced > tight && !/\n\s*\n$/.test(text) && !isBlank(lines[0] ?? '') ? eol : '';
  const body = text === '' || text.endsWith('\n') ? text : text + eol;
  return `${body}${text === '' ? '' : gap}${lines.join(eol)}${eol}`;
}

/** Where a block stands; a SEARCH found several times is narrowed by its anchor line, when it has one found once. */
function locateAnchored(
  doc: LineDoc,
  search: readonly string[],
  replace: readonly string[],
  anchor: string | undefined,
  budget: () => { threshold: number; budget: { left: number } },
): Located {
  const found = locate(doc, search, replace, budget());
  if (found.ok || found.reason !== 'ambiguous' || !anchor?.trim()) return found;
  const at = locate(doc, [anchor], [anchor], budget());
  if (!at.ok) return found;
  return locate(doc, search, replace, { ...budget(), after: at.start });
}

type ElidedFound = (Located & { ok: true; pieces: Splice[] }) | Exclude<Located, { ok: true }> | { ok: false; reason: 'elision' };

/**
 * A SEARCH with placeholders stands for the lines from its first part to its last. Each part must
 * be found exactly once, in order, and REPLACE has as many placeholders (the caller checks): part i
 * becomes part i of REPLACE and what the placeholders stood for stays.
 */
function locateElided(
  doc: LineDoc,
  search: readonly string[],
  replace: readonly string[],
  budget: () => { threshold: number; budget: { left: number } },
): ElidedFound {
  const split = (lines: readonly string[]) => {
    const parts: string[][] = [[]];
    for (const line of lines) {
      if (isElisionLine(line) && !doc.text.includes(line.trim())) parts.push([]);
      else parts[parts.length - 1]?.push(line);
    }
    return parts;
  };
  const searchParts = split(search);
  const replaceParts = split(replace);
  if (searchParts.some((part) => part.every(isBlank))) return { ok: false, reason: 'elision' };
  if (replaceParts.length !== searchParts.length) return { ok: false, reason: 'elision' };
  const pieces: Splice[] = [];
  let after = 0;
  for (let i = 0; i < searchParts.length; i++) {
    const found = locate(doc, searchParts[i] ?? [], replaceParts[i] ?? [], budget());
    if (!found.ok) return found.reason === 'ambiguous' ? found : { ok: false, reason: 'not_found' };
    if (found.start < after) return { ok: false, reason: 'not_found' };
    after = found.end;
    pieces.push({ start: found.start, end: found.end, lines: found.lines });
  }
  const first = pieces[0] as Splice;
  const last = pieces[pieces.length - 1] as Splice;
  return { ok: true, tier: 'tolerant', start: first.start, end: last.end, lines: first.lines, pieces };
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
  const failed = results.filter((r) => !isApplied(r.outcome));
  if (failed.length === 0) return '';
  const parts = [
    `${failed.length} of ${results.length} SEARCH/REPLACE block(s) for ${path} could not be applied, so nothing was changed. Send corrected blocks for ${path} (all of them, including the ones that matched); copy SEARCH text exactly from the current file.`,
  ];
  for (const r of failed) {
    const block = blocks[r.index];
    const quoted = block ? fenceText(block.search) : '';
    const n = r.index + 1;
    if (r.outcome === 'ambiguous') {
      parts.push(
        `Block ${n}: its SEARCH text matches ${r.candidates?.length ?? 2} places (starting at lines ${(r.candidates ?? []).join(', ')}). Include more surrounding lines so it matches exactly one place.\n${quoted}`,
      );
    } else if (r.outcome === 'conflict') {
      parts.push(
        `Block ${n}: it changes lines that another block of this answer already changes. Send one block per place.\n${quoted}`,
      );
    } else if (r.outcome === 'elision') {
      parts.push(
        `Block ${n}: it contains a placeholder (${(r.placeholders ?? []).join(' ')}) instead of the real code. Write every line of REPLACE; never abbreviate.\n${quoted}`,
      );
    } else if (r.outcome === 'exists') {
      parts.push(`Block ${n}: its SEARCH is empty but ${path} already has content. Copy the lines to change into SEARCH.`);
    } else if (r.closest) {
      parts.push(
        `Block ${n}: its SEARCH text was not found. The closest lines are ${r.closest.lines[0]}-${r.closest.lines[1]} (${Math.round((r.similarity ?? 0) * 100)}% similar), which currently read:\n${fenceText(r.closest.text)}\nThe SEARCH text was:\n${quoted}`,
      );
    } else {
      parts.push(`Block ${n}: its SEARCH text was not found in ${path}.\n${quoted}`);
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

/** What an empty SEARCH means for a file: create it, add to a stylesheet or script, never overwrite a page. */
export function emptySearchFor(path: string, exists: boolean): EmptySearch {
  if (!exists) return 'create';
  return /^html?$/.test(extensionOf(path)) ? 'refuse' : 'append';
}

/**
 * Applies blocks for several files (`files` maps path to content). With all-or-nothing (the
 * default) one failed block anywhere leaves every file unchanged; without it, the files whose blocks
 * all applied change and a file with a failed block stays as it was (never half-edited). A missing
 * file can be created by blocks with an empty SEARCH; an empty SEARCH adds to a stylesheet or script.
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
    const exists = files[path] !== undefined;
    const applied = applyEdits(files[path] ?? '', group, {
      ...options,
      allOrNothing: false,
      emptySearch: emptySearchFor(path, exists),
    });
    const ok = applied.ok && (exists || group.every((b) => b.search.trim() === ''));
    if (ok) next[path] = applied.content;
    byPath.push({ path, ok, results: applied.results });
    if (!ok)
      failures.push(describeFailures(path, group, applied.results) || `The file ${path} does not exist; write it whole instead.`);
  }
  const ok = byPath.every((f) => f.ok);
  if (!ok && (options.allOrNothing ?? true)) return { files: { ...files }, ok, byPath, failures: failures.join('\n\n') };
  return { files: next, ok, byPath, failures: failures.join('\n\n') };
}
