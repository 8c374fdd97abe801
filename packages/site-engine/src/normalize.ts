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
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

let buffer = new Uint16Array(256);

/** Characters around which spacing is not significant. */
const PUNCTUATION = new Uint8Array(128);
for (const c of '<>{}()[];,:=+"/') PUNCTUATION[c.charCodeAt(0)] = 1;

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

/**
 * The comparable form of a line: entities decoded, every quote made the same, whitespace collapsed
 * and dropped around punctuation, so `<a href='x' >` and `<a href="x">` compare equal. One pass
 * over the characters: the tolerant tier may run it over every line of a large document.
 */
export function normalizeLine(line: string): string {
  const text = line.includes('&') ? decodeEntities(line) : line;
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

/**
 * Re-indents replacement lines the way the matched lines were re-indented: the most common shift
 * between the SEARCH lines and the file's lines is applied to every replacement line.
 */
export function reindent(replace: readonly string[], pairs: readonly [searchLine: string, fileLine: string][]): string[] {
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  for (const [searchLine, fileLine] of pairs) {
    const key = `${indentOf(searchLine)}\u0000${indentOf(fileLine)}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  const [from = '', to = ''] = best.split('\u0000');
  if (from === to) return [...replace];
  if (from.endsWith(to)) {
    // The model added a prefix to every line: take it off where it is.
    const extra = from.slice(0, from.length - to.length);
    if (replace.every((line) => isBlank(line) || line.startsWith(extra)))
      return replace.map((line) => (isBlank(line) ? '' : line.slice(extra.length)));
  } else if (to.endsWith(from)) {
    // The model dropped a prefix from every line: put it back.
    const missing = to.slice(0, to.length - from.length);
    return replace.map((line) => (isBlank(line) ? '' : missing + line));
  }
  const unit = to[0] ?? from[0] ?? ' ';
  const width = (indent: string) => indent.replace(/\t/g, unit === '\t' ? '\t' : '  ').length;
  const shift = width(to) - width(from);
  return replace.map((line) => {
    if (isBlank(line)) return '';
    if (line.startsWith(from)) return to + line.slice(from.length);
    const own = indentOf(line);
    const target = Math.max(0, width(own) + shift);
    return unit.repeat(target) + line.slice(own.length);
  });
}
