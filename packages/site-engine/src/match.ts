import { findReflow } from './find-reflow';
import { findSubstring } from './find-substring';
import { findTolerantByToken } from './find-tolerant';
import { keepFileBytes } from './keep-bytes';
import { documentIndentUnit, type IndentUnit, isBlank, normalizeLine, reindent, similarity } from './normalize';

/**
 * A document split into lines, with lookup indexes built the first time a tier needs them. The exact
 * index keys lines by a cheap sample (length and a few characters) rather than hashing every byte:
 * on a 500 KB document that is the difference between a fraction of a millisecond and several.
 */
export class LineDoc {
  readonly lines: string[];
  /** Character offset where each line starts; `starts[lines.length]` is one past the end. */
  readonly starts: Int32Array;
  readonly eol: '\n' | '\r\n';
  private sampled?: Map<number, number | number[]>;
  private unit?: IndentUnit | null;
  private readonly normCache = new Map<number, string>();
  private norm?: { lines: string[]; nonBlank: number[]; index: Map<string, number | number[]>; hist?: Uint16Array };

  constructor(readonly text: string) {
    const raw = text.split('\n');
    this.starts = new Int32Array(raw.length + 1);
    for (let i = 0; i < raw.length; i++) this.starts[i + 1] = (this.starts[i] ?? 0) + (raw[i] ?? '').length + 1;
    this.eol = text.includes('\r\n') ? '\r\n' : '\n';
    this.lines = this.eol === '\r\n' ? raw.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)) : raw;
    this.matchable = text.endsWith('\n') ? raw.length - 1 : raw.length;
  }

  /** Lines a SEARCH may cover: the empty "line" after a final newline is not one. */
  readonly matchable: number;

  /** Lines that may equal `line` (same sample key); callers compare the text. */
  bucket(line: string): readonly number[] {
    if (!this.sampled) {
      const map = new Map<number, number | number[]>();
      for (let i = 0; i < this.matchable; i++) addTo(map, sampleKey(this.lines[i] ?? ''), i);
      this.sampled = map;
    }
    return asList(this.sampled.get(sampleKey(line)));
  }

  /** How this document indents (computed once, when a replacement must be re-indented). */
  indentUnit(): IndentUnit | null {
    if (this.unit === undefined) this.unit = documentIndentUnit(this.lines);
    return this.unit;
  }

  normalizedLine(i: number): string {
    let norm = this.normCache.get(i);
    if (norm === undefined) {
      norm = normalizeLine(this.lines[i] ?? '');
      this.normCache.set(i, norm);
    }
    return norm;
  }

  normalized() {
    if (!this.norm) {
      const lines: string[] = [];
      const nonBlank: number[] = [];
      for (let i = 0; i < this.lines.length; i++) {
        const line = this.lines[i] ?? '';
        if (isBlank(line)) continue;
        nonBlank.push(i);
        lines.push(normalizeLine(line));
      }
      const index = new Map<string, number | number[]>();
      for (let i = 0; i < lines.length; i++) addTo(index, lines[i] ?? '', i);
      this.norm = { lines, nonBlank, index };
    }
    return this.norm;
  }

  /** The text with line ranges [start, end) replaced; untouched lines keep their own line endings. */
  splice(splices: readonly { start: number; end: number; lines: readonly string[] }[]): string {
    const ordered = [...splices].sort((a, b) => a.start - b.start);
    const n = this.lines.length;
    const eol = this.eol;
    let out = '';
    let at = 0;
    for (const s of ordered) {
      if (s.end < n) {
        out += this.text.slice(at, this.starts[s.start]);
        for (const line of s.lines) out += line + eol;
        at = this.starts[s.end] ?? this.text.length;
      } else if (s.start === 0) {
        out = s.lines.join(eol);
        at = this.text.length;
      } else {
        // The region ends the file: the line ending before it goes too, unless lines replace it.
        out += this.text.slice(at, (this.starts[s.start] ?? 0) - (this.text[(this.starts[s.start] ?? 0) - 2] === '\r' ? 2 : 1));
        if (s.lines.length) out += eol + s.lines.join(eol);
        at = this.text.length;
      }
    }
    return out + this.text.slice(at);
  }
}

function sampleKey(line: string): number {
  const n = line.length;
  if (n === 0) return 0;
  let h = n;
  const step = n > 16 ? n >> 3 : 1;
  for (let i = n - 1, taken = 0; i >= 0 && taken < 16; i -= taken < 8 ? 1 : step, taken++) {
    h = (Math.imul(h, 31) + line.charCodeAt(i)) | 0;
  }
  return h;
}

function addTo<K>(map: Map<K, number | number[]>, key: K, i: number): void {
  const seen = map.get(key);
  if (seen === undefined) map.set(key, i);
  else if (typeof seen === 'number') map.set(key, [seen, i]);
  else seen.push(i);
}

export type MatchTier = 'exact' | 'tolerant';

export type Located =
  | { ok: true; tier: MatchTier; start: number; end: number; lines: string[]; similarity?: number }
  | { ok: false; reason: 'not_found'; closest?: { start: number; end: number; similarity: number } }
  | { ok: false; reason: 'ambiguous'; starts: number[] };

export interface LocateOptions {
  /** Similarity below which a window is not worth scoring exactly when looking for the closest place. */
  threshold: number;
  budget: { left: number };
  /**
   * An anchor's line (apply_patch's `@@` context): of the places that match, the first one starting
   * at or after it is meant, and places before it do not count.
   */
  after?: number;
}

const MAX_LISTED = 5;

/** Finds the one place `search` (whole lines) stands in the document; `replace` comes back fitted to it. */
export function locate(doc: LineDoc, search: readonly string[], replace: readonly string[], options: LocateOptions): Located {
  const after = options.after;
  const narrow = <T>(places: T[], start: (place: T) => number): T[] =>
    after === undefined ? places : places.filter((p) => start(p) >= after).slice(0, 1);
  const exact = narrow(findExact(doc, search), (s) => s);
  if (exact.length > 1) return { ok: false, reason: 'ambiguous', starts: exact.slice(0, MAX_LISTED) };
  if (exact.length === 1) {
    const start = exact[0] ?? 0;
    return { ok: true, tier: 'exact', start, end: start + search.length, lines: [...replace] };
  }

  const wanted: string[] = [];
  const wantedRaw: string[] = [];
  for (const line of search) {
    if (isBlank(line)) continue;
    wanted.push(normalizeLine(line));
    wantedRaw.push(line);
  }
  if (wanted.length === 0) return { ok: false, reason: 'not_found' };
  const fitted = (matched: readonly number[]) => {
    const own = wantedRaw.map((_, t) => doc.lines[matched[t] ?? 0] ?? '');
    const pairs: [string, string][] = wantedRaw.map((line, t) => [line, own[t] ?? '']);
    const lines = trimBlankEdges(search, replace);
    // Lines the model only copied keep the file's bytes; only what it changed is its own.
    return keepFileBytes(lines, reindent(lines, pairs, doc.indentUnit()), wantedRaw, own);
  };
  const region = (matched: readonly number[]) => ({ start: matched[0] ?? 0, end: (matched[matched.length - 1] ?? 0) + 1 });

  let tolerant = findTolerantByToken(doc, wanted);
  if (!tolerant) {
    const norm = doc.normalized();
    tolerant = findSequence(norm.lines, norm.index, wanted).map((s) => norm.nonBlank.slice(s, s + wanted.length));
  }
  tolerant = narrow(tolerant, (m) => m[0] ?? 0);
  if (tolerant.length > 1)
    return { ok: false, reason: 'ambiguous', starts: tolerant.slice(0, MAX_LISTED).map((m) => region(m).start) };
  if (tolerant.length === 1) {
    const matched = tolerant[0] ?? [];
    return { ok: true, tier: 'tolerant', ...region(matched), lines: fitted(matched) };
  }

  const fragment = findSubstring(doc, search, replace, after);
  if (fragment.ok) return { ok: true, tier: 'exact', start: fragment.start, end: fragment.end, lines: fragment.lines };
  if (fragment.places.length > 1) return { ok: false, reason: 'ambiguous', starts: fragment.places };

  // Line breaks are formatting too: a tag wrapped over several lines, or lines joined.
  const reflowed = narrow(findReflow(doc, search), ([s]) => s);
  if (reflowed.length > 1) return { ok: false, reason: 'ambiguous', starts: reflowed.slice(0, MAX_LISTED).map(([s]) => s) };
  const only = reflowed[0];
  if (only) {
    const [start, last] = only;
    const firstSearch = search.find((line) => !isBlank(line)) ?? '';
    const lines = reindent(trimBlankEdges(search, replace), [[firstSearch, doc.lines[start] ?? '']], doc.indentUnit());
    return { ok: true, tier: 'tolerant', start, end: last + 1, lines };
  }

  // Nothing else applies: tolerance covers formatting, never different words or numbers. The most
  // similar place is only looked for to show it (to the model in the retry, to people as a reason).
  const norm = doc.normalized();
  const fuzzy = findFuzzy(norm, wanted, options);
  if (!fuzzy.best) return { ok: false, reason: 'not_found' };
  const best = norm.nonBlank.slice(fuzzy.best.start, fuzzy.best.start + wanted.length);
  return { ok: false, reason: 'not_found', closest: { ...region(best), similarity: fuzzy.best.similarity } };
}

function findExact(doc: LineDoc, search: readonly string[]): number[] {
  let anchor = -1;
  let candidates: readonly number[] = [];
  for (let t = 0; t < search.length; t++) {
    const bucket = doc.bucket(search[t] ?? '');
    if (bucket.length === 0) return [];
    if (anchor < 0 || bucket.length < candidates.length) {
      anchor = t;
      candidates = bucket;
    }
  }
  const found: number[] = [];
  for (const p of candidates) {
    const start = p - anchor;
    if (start < 0 || start + search.length > doc.matchable) continue;
    let same = true;
    for (let t = 0; t < search.length && same; t++) same = doc.lines[start + t] === search[t];
    if (same) found.push(start);
  }
  return found;
}

function findSequence(lines: readonly string[], index: Map<string, number | number[]>, wanted: readonly string[]): number[] {
  let anchor = 0;
  let positions: readonly number[] = [];
  for (let t = 0; t < wanted.length; t++) {
    const list = asList(index.get(wanted[t] ?? ''));
    if (list.length === 0) return [];
    if (t === 0 || list.length < positions.length) {
      anchor = t;
      positions = list;
    }
  }
  const found: number[] = [];
  for (const p of positions) {
    const start = p - anchor;
    if (start < 0 || start + wanted.length > lines.length) continue;
    let same = true;
    for (let t = 0; t < wanted.length && same; t++) same = lines[start + t] === wanted[t];
    if (same) found.push(start);
  }
  return found;
}

interface Scored {
  start: number;
  similarity: number;
}

const BUCKETS = 32;

/** Character histograms (32 buckets) of each line: their L1 distance bounds the edit distance from below. */
function histograms(lines: readonly string[]): Uint16Array {
  const out = new Uint16Array(lines.length * BUCKETS);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const base = i * BUCKETS;
    for (let c = 0; c < line.length; c++) {
      const slot = base + (line.charCodeAt(c) & (BUCKETS - 1));
      out[slot] = (out[slot] ?? 0) + 1;
    }
  }
  return out;
}

/**
 * Windows of the same number of (non-blank, normalised) lines, scored by length-weighted line
 * similarity. A cheap upper bound (from lengths and character histograms) skips most windows; the
 * exact score (edit distance) is computed only where the bound could beat the best so far or reach
 * the threshold. The whole scan is bounded by the work budget. Only used to show the closest place.
 */
function findFuzzy(
  doc: { lines: string[]; hist?: Uint16Array },
  wanted: readonly string[],
  options: LocateOptions,
): { best?: Scored } {
  const lines = doc.lines;
  const k = wanted.length;
  if (k > lines.length) return {};
  if (!doc.hist) {
    options.budget.left -= lines.length * 8;
    doc.hist = histograms(lines);
  }
  const docHist = doc.hist;
  const wantedHist = histograms(wanted);
  const weights = wanted.map((line) => Math.max(1, line.length));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pairBound = (t: number, i: number): number => {
    const a = wanted[t] ?? '';
    const b = lines[i] ?? '';
    const longer = Math.max(a.length, b.length);
    if (longer === 0) return 1;
    let l1 = 0;
    for (let c = 0; c < BUCKETS; c++) l1 += Math.abs((wantedHist[t * BUCKETS + c] ?? 0) - (docHist[i * BUCKETS + c] ?? 0));
    return 1 - Math.max(Math.abs(a.length - b.length), Math.ceil(l1 / 2)) / longer;
  };
  let best: Scored | undefined;
  for (let s = 0; s + k <= lines.length; s++) {
    if (options.budget.left <= 0) break;
    options.budget.left -= k * BUCKETS;
    let bound = 0;
    for (let t = 0; t < k; t++) bound += pairBound(t, s + t) * (weights[t] ?? 1);
    bound /= totalWeight;
    if (bound < options.threshold && best && bound <= best.similarity) continue;
    let total = 0;
    let worst = 1;
    for (let t = 0; t < k; t++) {
      const line = similarity(wanted[t] ?? '', lines[s + t] ?? '', options.budget);
      total += line * (weights[t] ?? 1);
      if (line < worst) worst = line;
    }
    // One line that is nothing like its counterpart means the wrong place, however long the others.
    const scoredWindow = { start: s, similarity: Math.min(total / totalWeight, (worst + 1) / 2) };
    if (!best || scoredWindow.similarity > best.similarity) best = scoredWindow;
  }
  return best ? { best } : {};
}

/** Drops blank lines at the edges of `replace` that only mirror blank edges of `search`. */
function trimBlankEdges(search: readonly string[], replace: readonly string[]): string[] {
  let lead = 0;
  while (lead < search.length && isBlank(search[lead] ?? '')) lead++;
  let trail = 0;
  while (trail < search.length - lead && isBlank(search[search.length - 1 - trail] ?? '')) trail++;
  let from = 0;
  while (from < lead && from < replace.length && isBlank(replace[from] ?? '')) from++;
  let to = replace.length;
  while (replace.length - to < trail && to > from && isBlank(replace[to - 1] ?? '')) to--;
  return replace.slice(from, to);
}

function asList(entry: number | number[] | undefined): readonly number[] {
  if (entry === undefined) return [];
  return typeof entry === 'number' ? [entry] : entry;
}
