import { isBlank } from './normalize';

/** What the token search needs from a document (see LineDoc in ./match). */
export interface TokenSearchable {
  readonly text: string;
  readonly lines: readonly string[];
  readonly starts: Int32Array;
  readonly matchable: number;
  normalizedLine(i: number): string;
}

/** Words survive normalisation unchanged (quotes, whitespace and punctuation spacing are what it alters). */
const WORD = /[\p{L}\p{N}_-]+/gu;
const MIN_TOKEN = 2;
const MAX_HITS = 2_000;
const MAX_TRIED = 8;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Every place the normalised non-blank `wanted` lines stand in order (blank lines skipped), as the
 * matched line indexes. Instead of normalising the whole document it finds the longest word of the
 * SEARCH text with a native substring scan and checks only the lines around each hit. Returns null
 * when no word is long and rare enough; the caller then normalises everything.
 */
export function findTolerantByToken(doc: TokenSearchable, wanted: readonly string[]): number[][] | null {
  const words = new Map<string, number>();
  wanted.forEach((line, t) => {
    // ASCII words only: the raw text is scanned, and accented letters may be composed differently there.
    for (const m of line.matchAll(WORD))
      if (m[0].length >= MIN_TOKEN && !NON_ASCII.test(m[0]) && !words.has(m[0])) words.set(m[0], t);
  });
  // The rarest of a few words, numbers and long words first: a page repeats its class names, not
  // its content.
  const rank = (word: string) => (/\d/.test(word) ? 1000 : 0) + word.length;
  const tried = [...words.keys()].sort((a, b) => rank(b) - rank(a)).slice(0, MAX_TRIED);
  let token = '';
  let hits: number[] | null = null;
  for (const word of tried) {
    const cap = Math.min(MAX_HITS, hits ? hits.length - 1 : MAX_HITS);
    const positions: number[] = [];
    for (let at = doc.text.indexOf(word); at >= 0 && positions.length <= cap; at = doc.text.indexOf(word, at + word.length))
      positions.push(at);
    if (positions.length <= cap) {
      token = word;
      hits = positions;
      if (positions.length <= 1) break;
    }
  }
  if (!hits) return null;
  const tokenLine = words.get(token) ?? 0;
  const candidates: number[] = [];
  for (const at of hits) {
    const line = lineAt(doc.starts, at);
    if (candidates[candidates.length - 1] !== line) candidates.push(line);
  }

  // Every word of the line must be in a candidate as it is: a native check before normalising it.
  const lineWords = [...new Set((wanted[tokenLine] ?? '').match(WORD) ?? [])].filter((word) => !NON_ASCII.test(word));
  const found: number[][] = [];
  for (const i of candidates) {
    if (i >= doc.matchable) continue;
    const raw = doc.lines[i] ?? '';
    if (!lineWords.every((word) => raw.includes(word)) || doc.normalizedLine(i) !== wanted[tokenLine]) continue;
    const matched = new Array<number>(wanted.length);
    matched[tokenLine] = i;
    let ok = true;
    for (let t = tokenLine - 1, j = i; t >= 0 && ok; t--) {
      j = step(doc, j, -1);
      ok = j >= 0 && doc.normalizedLine(j) === wanted[t];
      matched[t] = j;
    }
    for (let t = tokenLine + 1, j = i; t < wanted.length && ok; t++) {
      j = step(doc, j, 1);
      ok = j >= 0 && doc.normalizedLine(j) === wanted[t];
      matched[t] = j;
    }
    if (ok) found.push(matched);
  }
  return found;
}

/** The next non-blank line in a direction, or -1. */
function step(doc: TokenSearchable, from: number, direction: 1 | -1): number {
  for (let j = from + direction; j >= 0 && j < doc.matchable; j += direction) if (!isBlank(doc.lines[j] ?? '')) return j;
  return -1;
}

/** Index of the line holding character offset `at` (binary search over line starts). */
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
