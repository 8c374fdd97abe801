import { type DefaultTreeAdapterTypes, parse } from 'parse5';

/**
 * Source locations for visual edits (issue 24, ADR 0200). parse5 parses an HTML file with positions;
 * each element written in the file gets an ordinal (its place in document order among the elements
 * that have a start tag in the source). The preview's copy of the page carries the ordinal as
 * `data-div-src` (never the saved file), so a click in the preview names the exact source range, and
 * every change rewrites only that range: the rest of the file stays byte-for-byte the same.
 */

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

export const SOURCE_ATTRIBUTE = 'data-div-src';

interface Range {
  start: number;
  end: number;
}

export interface SourceElement {
  index: number;
  tag: string;
  /** The whole element, start tag to end tag (or to its last child when the end tag is implied). */
  range: Range;
  startTag: Range;
  /** Between the start tag and the end tag; null for void elements. */
  inner: Range | null;
  attrs: Record<string, Range>;
  /** Every child is text (or there is none): its text can be edited in place. */
  textOnly: boolean;
  parent: number | null;
  /** Ordinals of the element children that have a place in the source. */
  children: number[];
}

/** Elements the preview does not mark: the document's frame and what has no box of its own. */
const UNMARKED = new Set(['html', 'head', 'body', 'meta', 'link', 'title', 'base', 'script', 'style', 'noscript', 'template']);

const isElement = (node: Node): node is Element => 'tagName' in node;

/**
 * The maps of the last few files seen. Parsing a 200 KB page with positions takes parse5 well over
 * 100 ms on a busy machine; the preview maps each version of the page when it marks it, so the edit
 * that follows finds its map here, and a text edit hands on the map of its result (shifted, not
 * parsed again).
 */
const recent = new Map<string, SourceElement[]>();
const RECENT_MAX = 4;
function remember(html: string, elements: SourceElement[]) {
  recent.delete(html);
  recent.set(html, elements);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value as string);
}

/** Every element of the file with a start tag in the source, in document order (its ordinal is its index). */
export function mapSourceElements(html: string): SourceElement[] {
  const known = recent.get(html);
  if (known) return known;
  const elements = parseSourceElements(html);
  remember(html, elements);
  return elements;
}

/** The map after the bytes [start, end) were replaced by `length` bytes inside one element's text. */
function shiftMap(elements: SourceElement[], start: number, end: number, length: number): SourceElement[] {
  const delta = length - (end - start);
  const at = (offset: number) => (offset >= end ? offset + delta : offset);
  const range = (r: Range) => ({ start: at(r.start), end: at(r.end) });
  return elements.map((e) => ({
    ...e,
    range: range(e.range),
    startTag: range(e.startTag),
    inner: e.inner && range(e.inner),
    attrs: Object.fromEntries(Object.entries(e.attrs).map(([name, r]) => [name, range(r)])),
  }));
}

/** The map of a file, parsed anew (mapSourceElements reuses recent ones). */
export function parseSourceElements(html: string): SourceElement[] {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const out: SourceElement[] = [];
  const walk = (node: Node, parent: number | null) => {
    const children = 'content' in node && node.content ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
    let own = parent;
    if (isElement(node)) {
      const loc = node.sourceCodeLocation;
      if (loc?.startTag) {
        own = out.length;
        const endTag = loc.endTag;
        const inner = endTag
          ? { start: loc.startTag.endOffset, end: endTag.startOffset }
          : node.childNodes.length > 0 || loc.endOffset > loc.startTag.endOffset
            ? { start: loc.startTag.endOffset, end: loc.endOffset }
            : null;
        const attrs: Record<string, Range> = {};
        for (const [name, at] of Object.entries(loc.attrs ?? {})) attrs[name] = { start: at.startOffset, end: at.endOffset };
        out.push({
          index: own,
          tag: node.tagName,
          range: { start: loc.startOffset, end: loc.endOffset },
          startTag: { start: loc.startTag.startOffset, end: loc.startTag.endOffset },
          inner,
          attrs,
          textOnly: node.childNodes.every((child) => child.nodeName === '#text'),
          parent,
          children: [],
        });
        if (parent !== null) out[parent]?.children.push(own);
      }
    }
    for (const child of children) walk(child, own);
  };
  walk(document, null);
  return out;
}

/** The file with each visible element marked with its ordinal: the preview's copy only. */
export function annotateForPreview(html: string, path: string, elements = mapSourceElements(html)): string {
  const parts: string[] = [];
  let at = 0;
  for (const element of elements) {
    if (UNMARKED.has(element.tag)) continue;
    const name = /^<[^\s/>]+/.exec(html.slice(element.startTag.start, element.startTag.end));
    if (!name) continue;
    const insertAt = element.startTag.start + name[0].length;
    parts.push(html.slice(at, insertAt), ` ${SOURCE_ATTRIBUTE}="${escapeAttribute(path)}:${element.index}"`);
    at = insertAt;
  }
  parts.push(html.slice(at));
  return parts.join('');
}

/** Reads a `data-div-src` value: the file and the element's ordinal. */
export function parseSourceMark(mark: string): { path: string; index: number } | null {
  const match = /^(.+):(\d{1,7})$/.exec(mark);
  return match ? { path: match[1] as string, index: Number(match[2]) } : null;
}

export type VisualChange =
  | { kind: 'text'; text: string }
  | { kind: 'style'; property: string; value: string | null }
  | { kind: 'attribute'; name: string; value: string | null }
  | { kind: 'delete' }
  | { kind: 'duplicate' }
  | { kind: 'move'; direction: 'up' | 'down' };

/** The new file; for a style or attribute change also the attribute's new value, to show at once. */
export type VisualResult =
  | { ok: true; html: string; attribute?: { name: string; value: string | null } }
  | { ok: false; reason: VisualRefusal };
export type VisualRefusal = 'not-found' | 'not-text' | 'no-sibling' | 'bad-value';

/**
 * Applies one change to the element `index` (which must still be a `tag`) and returns the new file.
 * Only the bytes of that element (or, for a move, of it and its sibling) change.
 */
export function applyVisualChange(html: string, target: { index: number; tag: string }, change: VisualChange): VisualResult {
  const elements = mapSourceElements(html);
  const element = elements[target.index];
  if (!element || element.tag !== target.tag.toLowerCase()) return { ok: false, reason: 'not-found' };
  const splice = (range: Range, text: string) => html.slice(0, range.start) + text + html.slice(range.end);
  switch (change.kind) {
    case 'text': {
      if (!element.inner || !element.textOnly || RAW_TEXT.has(element.tag)) return { ok: false, reason: 'not-text' };
      const narrowed = narrowText(html, element.inner, change.text);
      const text = escapeText(narrowed.text);
      const next = splice(narrowed.range, text);
      const { inner } = element;
      const grown = text.length - (narrowed.range.end - narrowed.range.start);
      // The whole text counts as replaced, so its start stays and its end moves (never ambiguous).
      if (inner.start < inner.end) remember(next, shiftMap(elements, inner.start, inner.end, inner.end - inner.start + grown));
      return { ok: true, html: next };
    }
    case 'style': {
      if (!/^-?[a-z][a-z-]*$/.test(change.property) || (change.value !== null && /[;{}<>"]/.test(change.value))) {
        return { ok: false, reason: 'bad-value' };
      }
      const current = element.attrs.style ? readAttributeValue(html, element.attrs.style) : '';
      const declarations = setDeclaration(current, change.property, change.value);
      const value = declarations || null;
      return { ok: true, html: writeAttribute(html, element, 'style', value), attribute: { name: 'style', value } };
    }
    case 'attribute': {
      if (!/^[a-z][a-z0-9-]*$/.test(change.name) || change.name.startsWith('on') || change.name === SOURCE_ATTRIBUTE) {
        return { ok: false, reason: 'bad-value' };
      }
      if (change.value !== null && /^\s*(?:javascript|vbscript|data:text\/html)/i.test(change.value))
        return { ok: false, reason: 'bad-value' };
      return {
        ok: true,
        html: writeAttribute(html, element, change.name, change.value),
        attribute: { name: change.name, value: change.value },
      };
    }
    case 'delete': {
      const whole = withLine(html, element.range);
      return { ok: true, html: splice(whole, '') };
    }
    case 'duplicate': {
      const whole = withLine(html, element.range);
      const copy = html.slice(whole.start, whole.end);
      // Alone on its line: the copy goes on a line of its own with the same indentation.
      const text = whole.start < element.range.start ? copy : html.slice(element.range.start, element.range.end);
      return { ok: true, html: html.slice(0, whole.end) + text + html.slice(whole.end) };
    }
    case 'move': {
      const siblings = element.parent === null ? [] : (elements[element.parent]?.children ?? []);
      const at = siblings.indexOf(element.index);
      const other = elements[siblings[change.direction === 'up' ? at - 1 : at + 1] ?? -1];
      if (!other) return { ok: false, reason: 'no-sibling' };
      const [first, second] = change.direction === 'up' ? [other, element] : [element, other];
      const between = html.slice(first.range.end, second.range.start);
      const moved = html.slice(second.range.start, second.range.end) + between + html.slice(first.range.start, first.range.end);
      return { ok: true, html: splice({ start: first.range.start, end: second.range.end }, moved) };
    }
  }
}

/** Elements whose content is not markup: their text is never edited as text. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

/**
 * Narrows a text replacement to the part that changed, when the source holds the text literally
 * (no character references), so an edit of one word rewrites one word.
 */
function narrowText(html: string, inner: Range, text: string): { range: Range; text: string } {
  const old = html.slice(inner.start, inner.end);
  if (old.includes('&') || /[&<>\u00a0]/.test(text)) return { range: inner, text };
  let head = 0;
  while (head < old.length && head < text.length && old[head] === text[head]) head++;
  let tail = 0;
  while (tail < old.length - head && tail < text.length - head && old[old.length - 1 - tail] === text[text.length - 1 - tail])
    tail++;
  return { range: { start: inner.start + head, end: inner.end - tail }, text: text.slice(head, text.length - tail) };
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The decoded value of an attribute as written (`name="v"`, `name='v'`, `name=v` or bare `name`). */
export function readAttributeValue(html: string, range: Range): string {
  const written = html.slice(range.start, range.end);
  const match = /^[^=]+=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(written);
  const raw = match ? (match[1] ?? match[2] ?? match[3] ?? '') : '';
  return raw
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Sets, replaces or (value null) removes one attribute, touching only that attribute's bytes. */
function writeAttribute(html: string, element: SourceElement, name: string, value: string | null): string {
  const existing = element.attrs[name];
  const written = value === null ? '' : value === '' ? name : `${name}="${escapeAttribute(value)}"`;
  if (existing) {
    if (value !== null) return html.slice(0, existing.start) + written + html.slice(existing.end);
    // Removing: the attribute and the space before it.
    let start = existing.start;
    while (start > element.startTag.start && /\s/.test(html[start - 1] ?? '')) start--;
    return html.slice(0, start) + html.slice(existing.end);
  }
  if (value === null) return html;
  const tag = html.slice(element.startTag.start, element.startTag.end);
  const close = tag.endsWith('/>') ? 2 : 1;
  let insertAt = element.startTag.end - close;
  while (insertAt > element.startTag.start && /\s/.test(html[insertAt - 1] ?? '')) insertAt--;
  return `${html.slice(0, insertAt)} ${written}${html.slice(insertAt)}`;
}

/** Sets one declaration of an inline style, keeping the others as written. */
export function setDeclaration(style: string, property: string, value: string | null): string {
  const parts = style
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const at = parts.findIndex((part) => part.slice(0, part.indexOf(':')).trim().toLowerCase() === property);
  const next = value === null || value === '' ? null : `${property}: ${value}`;
  if (at >= 0) {
    if (next) parts[at] = next;
    else parts.splice(at, 1);
  } else if (next) parts.push(next);
  return parts.join('; ');
}

/** The element's range widened to its whole line (indentation and line break) when it is alone on it. */
function withLine(html: string, range: Range): Range {
  let start = range.start;
  while (start > 0 && (html[start - 1] === ' ' || html[start - 1] === '\t')) start--;
  let end = range.end;
  while (end < html.length && (html[end] === ' ' || html[end] === '\t')) end++;
  const lineStart = start === 0 || html[start - 1] === '\n';
  if (lineStart && html[end] === '\r' && html[end + 1] === '\n') return { start, end: end + 2 };
  if (lineStart && (end === html.length || html[end] === '\n')) return { start, end: Math.min(html.length, end + 1) };
  return range;
}
