/** Line normalisation for tolerant matching: what models change without meaning to. */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  copy: '\u00a9',
  laquo: '\u00ab',
  raquo: '\u00bb',
  euro: '\u20ac',
  middot: '\u00b7',
  bull: '\u2022',
  trade: '\u2122',
  reg: '\u00ae',
  deg: '\u00b0',
  times: '\u00d7',
  iexcl: '\u00a1',
  iquest: '\u00bf',
  aacute: '\u00e1',
  eacute: '\u00e9',
  iacute: '\u00ed',
  oacute: '\u00f3',
  uacute: '\u00fa',
  ntilde: '\u00f1',
  uuml: '\u00fc',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()]?.toUpperCase() ?? whole;
  });
}

let buffer = new Uint16Array(256);
const NON_ASCII = /[\u0080-\uffff]/;

/** Characters around which spacing is not significant. */
const PUNCTUATION = new Uint8Array(128);
for (const c of '<>{}()[];,:=+"/') PUNCTUATION[c.charCodeAt(0)] = 1;

/** Whether spacing next to this character code is insignificant (see `normalizeLine`). */
export function isPunctuation(c: number): boolean {
  return c < 128 && PUNCTUATION[c] === 1;
}

function isQuote(c: number): boolean {
  return (
    c === 39 ||
    c === 96 ||
    c === 0x2018 ||
    c === 0x2019 ||
    c === 0x201a ||
    c === 0x201b ||
    c === 0x2032 ||
    c === 0x201c ||
    c === 0x201d ||
    c === 0x201e ||
    c === 0x2033
  );
}

function isSpace(c: number): boolean {
  return (
    c <= 32 ||
    c === 0xa0 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const TAG =
  /<([A-Za-z][\w:-]*)((?:\s+[^\s=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[\u201c\u201d][^\u201c\u201d]*[\u201c\u201d]|[^\s"'<>]+))?)*)\s*\/?\s*>/g;
const ATTRIBUTE = /([^\s=<>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[\u201c\u201d][^\u201c\u201d]*[\u201c\u201d]|[^\s"'<>]+))?/g;

/** Tags written the same way whatever the model's habits: attributes sorted, values double-quoted, no self-closing slash. */
function canonicalTags(line: string): string {
  return line.replace(TAG, (_whole, name: string, attrs: string) => {
    if (!attrs.trim()) return `<${name}>`;
    const list: string[] = [];
    for (const m of attrs.matchAll(ATTRIBUTE)) {
      const value = m[2];
      list.push(value === undefined ? (m[1] ?? '') : `${m[1]}="${value.replace(/^["'\u201c\u201d]|["'\u201c\u201d]$/g, '')}"`);
    }
    list.sort();
    return `<${name} ${list.join(' ')}>`;
  });
}

/**
 * The comparable form of a line: entities decoded, tags canonical (attribute order, `<br />`),
 * every quote made the same, whitespace collapsed and dropped around punctuation, so
 * `<a href='x' >` and `<a href="x">` compare equal. Words and numbers are never changed: that is
 * what makes two lines different. One pass over the characters after the tag pass.
 */
export function normalizeLine(line: string): string {
  let text = line.includes('&') ? decodeEntities(line) : line;
  // Canonically equivalent text (a precomposed "é" and "e" + combining accent) is the same text.
  if (NON_ASCII.test(text)) text = text.normalize('NFC');
  if (text.includes('<') && (text.includes('=') || text.includes('/'))) text = canonicalTags(text);
  if (buffer.length < text.length) buffer = new Uint16Array(text.length * 2);
  let n = 0;
  let space = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (isSpace(c)) {
      space = true;
      continue;
    }
    if (isQuote(c)) c = 34;
    if (space) {
      const prev = buffer[n - 1] ?? 0;
      if (n > 0 && !(c < 128 && PUNCTUATION[c]) && !(prev < 128 && PUNCTUATION[prev])) buffer[n++] = 32;
      space = false;
    }
    buffer[n++] = c;
  }
  let out = '';
  for (let i = 0; i < n; i += 4096)
    out += String.fromCharCode.apply(null, buffer.subarray(i, Math.min(n, i + 4096)) as unknown as number[]);
  return out;
}

export function indentOf(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return line.slice(0, i);
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Similarity of two strings in [0, 1] (1 - edit distance / longer length); `budget.left` counts the work. */
export function similarity(a: string, b: string, budget: { left: number }): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  const shorter = Math.min(a.length, b.length);
  // The distance is at least the length difference; skip hopeless pairs cheaply.
  if (shorter / longer < 0.5) return shorter / longer;
  budget.left -= a.length * b.length;
  let prev = new Array<number>(b.length + 1);
  let curr = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const del = (prev[j] ?? 0) + 1;
      const ins = (curr[j - 1] ?? 0) + 1;
      const sub = (prev[j - 1] ?? 0) + cost;
      curr[j] = Math.min(del, ins, sub);
    }
    [prev, curr] = [curr, prev];
  }
  return 1 - (prev[b.length] ?? longer) / longer;
}

export interface IndentUnit {
  tab: boolean;
  /** Columns of one level when indenting with spaces. */
  width: number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** How a set of indents is built: tabs, or spaces in steps of `width` (the gcd of the widths, 2 to 8). */
function unitOf(indents: readonly string[], fallback: IndentUnit): IndentUnit {
  let tabs = 0;
  let spaced = 0;
  let step = 0;
  for (const indent of indents) {
    if (indent === '') continue;
    if (indent.includes('\t')) tabs++;
    else {
      spaced++;
      step = gcd(step, indent.length);
    }
  }
  if (tabs === 0 && spaced === 0) return fallback;
  if (tabs > spaced) return { tab: true, width: fallback.tab ? 4 : fallback.width };
  return { tab: false, width: Math.min(8, Math.max(2, step || 2)) };
}

/**
 * A document's indentation unit: tabs when most indented lines start with one, otherwise the most
 * common step between consecutive lines' indents (2 or 4 spaces in practice).
 */
export function documentIndentUnit(lines: readonly string[]): IndentUnit | null {
  let tabs = 0;
  let spaced = 0;
  const steps = new Map<number, number>();
  let previous = -1;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const indent = indentOf(line);
    if (indent.startsWith('\t')) tabs++;
    else if (indent !== '') spaced++;
    if (!indent.includes('\t')) {
      const step = indent.length - previous;
      if (previous >= 0 && step > 0 && step <= 8) steps.set(step, (steps.get(step) ?? 0) + 1);
      previous = indent.length;
    } else previous = -1;
  }
  if (tabs === 0 && spaced === 0) return null;
  if (tabs > spaced) return { tab: true, width: 4 };
  // No step between lines: the unit is unknown, better no guess than a wrong one.
  if (steps.size === 0) return null;
  let width = 2;
  let count = 0;
  for (const [step, n] of steps) if (n > count) [width, count] = [step, n];
  return { tab: false, width: Math.max(2, width) };
}

/** An indent as a number of levels of its unit (a tab is a level; with tabs, four spaces are one). */
function levelsOf(indent: string, unit: IndentUnit): number {
  let columns = 0;
  const tabColumns = unit.tab ? 4 : unit.width;
  for (const c of indent) columns += c === '\t' ? tabColumns : 1;
  return columns / tabColumns;
}

function renderLevels(levels: number, unit: IndentUnit): string {
  const n = Math.max(0, Math.round(levels * (unit.tab ? 1 : unit.width)));
  return (unit.tab ? '\t' : ' ').repeat(n);
}

/**
 * A copy that lost only its first line's indentation (the model started the selection mid-line):
 * the first SEARCH line is flush left where the file indents it, and every other line matches as
 * written. Only REPLACE's first line is put back in place; the others are already right.
 */
function flushFirstLine(replace: readonly string[], pairs: readonly [string, string][]): string[] | null {
  const [first, ...rest] = pairs.filter(([searchLine]) => !isBlank(searchLine));
  if (!first || indentOf(first[0]) !== '' || indentOf(first[1]) === '') return null;
  if (!rest.every(([searchLine, fileLine]) => indentOf(searchLine) === indentOf(fileLine))) return null;
  const at = replace.findIndex((line) => !isBlank(line));
  if (at < 0 || indentOf(replace[at] ?? '') !== '') return null;
  return replace.map((line, i) => (isBlank(line) ? '' : i === at ? indentOf(first[1]) + line : line));
}

/**
 * When every SEARCH indent became its file indent by adding (or taking off) the same prefix, the
 * model shifted the whole block: every replacement line gets the same shift.
 */
function constantShift(map: ReadonlyMap<string, string>, replace: readonly string[]): string[] | null {
  let add: string | null = null;
  let remove: string | null = null;
  for (const [from, to] of map) {
    if (to.endsWith(from) && to.length > from.length) {
      const prefix = to.slice(0, to.length - from.length);
      if ((add ?? prefix) !== prefix || remove !== null) return null;
      add = prefix;
    } else if (from.endsWith(to) && from.length > to.length) {
      const prefix = from.slice(0, from.length - to.length);
      if ((remove ?? prefix) !== prefix || add !== null) return null;
      remove = prefix;
    } else if (from !== to) return null;
  }
  if (add !== null) {
    // Identical indents (from === to) next to shifted ones would contradict a shift.
    if ([...map].some(([from, to]) => from === to)) return null;
    const prefix = add;
    return replace.map((line) => (isBlank(line) ? '' : prefix + line));
  }
  if (remove !== null) {
    if ([...map].some(([from, to]) => from === to)) return null;
    const prefix = remove;
    if (!replace.every((line) => isBlank(line) || line.startsWith(prefix))) return null;
    return replace.map((line) => (isBlank(line) ? '' : line.slice(prefix.length)));
  }
  return null;
}

/**
 * Re-indents replacement lines line by line into the file's indentation style. `pairs` are the
 * SEARCH lines with the file lines they matched. A replacement line indented like some SEARCH line
 * takes that line's file indent; any other is placed by its depth relative to the nearest SEARCH
 * indent, counted in the model's own unit and written in the file's (tabs or 2/4 spaces).
 */
export function reindent(
  replace: readonly string[],
  pairs: readonly [searchLine: string, fileLine: string][],
  documentUnit: IndentUnit | null = null,
): string[] {
  const firstOnly = flushFirstLine(replace, pairs);
  if (firstOnly) return firstOnly;
  const votes = new Map<string, Map<string, number>>();
  for (const [searchLine, fileLine] of pairs) {
    if (isBlank(searchLine)) continue;
    const from = indentOf(searchLine);
    const to = indentOf(fileLine);
    const seen = votes.get(from) ?? new Map<string, number>();
    seen.set(to, (seen.get(to) ?? 0) + 1);
    votes.set(from, seen);
  }
  if (votes.size === 0) return [...replace];
  const map = new Map<string, string>();
  for (const [from, seen] of votes) {
    let best = '';
    let count = -1;
    // The deepest file indent wins a tie: a tie means the model flattened lines, not that it nested them.
    for (const [to, n] of seen) if (n > count || (n === count && to.length > best.length)) [best, count] = [to, n];
    map.set(from, best);
  }
  if ([...map].every(([from, to]) => from === to) && replace.every((line) => isBlank(line) || map.has(indentOf(line))))
    return [...replace];
  const modelIndents = [...map.keys(), ...replace.filter((line) => !isBlank(line)).map(indentOf)];
  const modelUnit = unitOf(modelIndents, { tab: false, width: 2 });
  // One SEARCH level cannot tell a shifted block from a scaled one (12 spaces for 6): a shift is
  // the common habit. With two levels or more a scaled block is no constant shift, and the unit
  // conversion below maps it.
  const shifted = constantShift(map, replace);
  if (shifted) return shifted;
  const fileIndents = [...map.values()].filter((indent) => indent !== '');
  const fileUnit = documentUnit ?? unitOf(fileIndents, modelUnit);
  const fileChar = fileIndents.length === 0 && !documentUnit ? null : fileUnit.tab ? '\t' : ' ';
  const keys = [...map.keys()].sort((a, b) => b.length - a.length);
  const anchors = [...map.keys()].map((from) => ({ from, level: levelsOf(from, modelUnit) }));
  return replace.map((line) => {
    if (isBlank(line)) return '';
    const own = indentOf(line);
    const body = line.slice(own.length);
    const mapped = map.get(own);
    if (mapped !== undefined) return mapped + body;
    // Deeper than a SEARCH indent it starts with, in characters the file also uses: keep the extra as written.
    const prefix = keys.find((from) => own.startsWith(from));
    if (prefix !== undefined) {
      const extra = own.slice(prefix.length);
      // Its extra depth counts in the model's unit and is written in the file's (2 spaces for 4, tabs for spaces).
      if (fileChar === null) return (map.get(prefix) ?? '') + extra + body;
      return (map.get(prefix) ?? '') + renderLevels(levelsOf(extra, modelUnit), fileUnit) + body;
    }
    const level = levelsOf(own, modelUnit);
    let anchor = anchors[0] ?? { from: '', level: 0 };
    for (const a of anchors) {
      const better = Math.abs(a.level - level) < Math.abs(anchor.level - level);
      // Prefer the anchor just outside the line (its parent) over one as far inside it.
      const tie = Math.abs(a.level - level) === Math.abs(anchor.level - level) && a.level < anchor.level;
      if (better || tie) anchor = a;
    }
    const base = map.get(anchor.from) ?? '';
    const delta = level - anchor.level;
    if (delta >= 0) return base + renderLevels(delta, fileUnit) + body;
    return renderLevels(levelsOf(base, fileUnit) + delta, fileUnit) + body;
  });
}
