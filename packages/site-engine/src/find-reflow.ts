import { isBlank, isPunctuation, normalizeLine } from './normalize';

/** What the reflow search needs from a document (see LineDoc in ./match). */
export interface ReflowSearchable {
  normalized(): { lines: string[]; nonBlank: number[] };
}

interface Stream {
  text: string;
  /** Offset in `text` where each normalised non-blank line starts, and one past the end. */
  starts: number[];
}

const streams = new WeakMap<object, Stream>();

function join(lines: readonly string[]): Stream {
  const parts: string[] = [];
  const starts: number[] = [];
  let length = 0;
  let last = -1;
  for (const line of lines) {
    if (length > 0 && line !== '' && !isPunctuation(last) && !isPunctuation(line.charCodeAt(0))) {
      parts.push(' ');
      length++;
    }
    starts.push(length);
    parts.push(line);
    length += line.length;
    if (line !== '') last = line.charCodeAt(line.length - 1);
  }
  starts.push(length);
  return { text: parts.join(''), starts };
}

function indexIn(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = starts[mid] ?? 0;
    if (at === offset) return mid;
    if (at < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Places where the SEARCH lines stand once line breaks are taken as formatting too: a tag the
 * model wrapped over three lines, or two lines it joined into one. The document and the SEARCH text
 * are compared as one normalised stream each; a match must start and end on line boundaries of the
 * document. Returns [first, last] document line indexes of each match.
 */
export function findReflow(doc: ReflowSearchable, search: readonly string[]): [number, number][] {
  const norm = doc.normalized();
  let stream = streams.get(norm);
  if (!stream) {
    stream = join(norm.lines);
    streams.set(norm, stream);
  }
  // The SEARCH text is normalised as one line, so a tag wrapped over several lines is canonical too.
  const needle = normalizeLine(
    search
      .filter((line) => !isBlank(line))
      .map((line) => line.trim())
      .join(' '),
  );
  if (needle === '') return [];
  const found: [number, number][] = [];
  for (let at = stream.text.indexOf(needle); at >= 0; at = stream.text.indexOf(needle, at + 1)) {
    const first = indexIn(stream.starts, at);
    if (first < 0) continue;
    const endOffset = at + needle.length;
    // The match must end where a line ends: the next line's start, less the joining space if any.
    let next = indexIn(stream.starts, endOffset);
    if (next < 0 && stream.text[endOffset] === ' ') next = indexIn(stream.starts, endOffset + 1);
    if (next < 0) continue;
    found.push([norm.nonBlank[first] ?? 0, norm.nonBlank[next - 1] ?? 0]);
    if (found.length > 5) break;
  }
  return found;
}
