import { extensionOf } from './paths';
import { mapSourceElements, parseSourceMark, readAttributeValue, type SourceElement } from './visual-source';

/**
 * Scoped AI edits (issue 24, ADR 0201). With an element selected, the request names its exact source
 * range; after the model answers, `checkScope` lists what the answer changes outside that element:
 * HTML outside its range, other pages and scripts, and CSS rules that style other elements or none
 * of it. The caller asks the person before applying such an answer. When in doubt (a selector this
 * matcher cannot read exactly), a rule counts as reaching further: asking once too often is better
 * than recolouring a whole site unasked.
 */

export interface ElementScope {
  path: string;
  start: number;
  end: number;
  tag: string;
  /** 1-based lines of the element in its file. */
  lines: [number, number];
  excerpt: string;
}

const EXCERPT_MAX = 4000;

/** The element a `data-div-src` mark names in the current files, if it is still there as that tag. */
export function findScope(files: Readonly<Record<string, string>>, mark: string, tag?: string): ElementScope | null {
  const target = parseSourceMark(mark);
  const html = target ? files[target.path] : undefined;
  if (!target || html === undefined) return null;
  const element = mapSourceElements(html)[target.index];
  if (!element || (tag && element.tag !== tag.toLowerCase())) return null;
  const { start, end } = element.range;
  const lineOf = (at: number) => html.slice(0, at).split('\n').length;
  const text = html.slice(start, end);
  return {
    path: target.path,
    start,
    end,
    tag: element.tag,
    lines: [lineOf(start), lineOf(end)],
    excerpt: text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX)}…` : text,
  };
}

/** What an answer changes outside the element, in words for people (empty: it stays inside). */
export function checkScope(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
  scope: ElementScope,
): string[] {
  const outside: string[] = [];
  const paths = new Set([...Object.keys(before), ...Object.keys(after)]);
  const page = { before: before[scope.path] ?? '', after: after[scope.path] ?? '' };
  const growth = page.after.length - page.before.length;
  const inside =
    page.after.length >= scope.start + page.before.length - scope.end &&
    page.after.startsWith(page.before.slice(0, scope.start)) &&
    page.after.endsWith(page.before.slice(scope.end));
  if (!inside) outside.push(`${scope.path}: ${firstChangeOutside(page.before, page.after)}`);
  const scoped = { path: scope.path, start: scope.start, end: scope.end + growth };
  for (const path of paths) {
    if (path === scope.path || before[path] === after[path]) continue;
    if (extensionOf(path) === 'css') {
      for (const rule of changedRules(before[path] ?? '', after[path] ?? '')) {
        const pages = rule.removed ? before : after;
        const reach = ruleReach(rule.selector, pages, rule.removed ? { ...scoped, end: scope.end } : scoped);
        if (reach.others > 0) outside.push(`${path}: «${rule.selector}» también afecta a ${reach.others} elemento(s) más`);
        else if (!reach.own) outside.push(`${path}: «${rule.selector}» no se aplica al elemento seleccionado`);
      }
    } else
      outside.push(
        before[path] === undefined ? `${path} (archivo nuevo)` : after[path] === undefined ? `${path} (eliminado)` : path,
      );
  }
  return outside;
}

function firstChangeOutside(before: string, after: string): string {
  let at = 0;
  while (at < before.length && at < after.length && before[at] === after[at]) at++;
  const line = before.slice(0, at).split('\n').length;
  const text = (before.split('\n')[line - 1] ?? '').trim();
  return `línea ${line}${text ? ` («${text.length > 80 ? `${text.slice(0, 80)}…` : text}»)` : ''}`;
}

interface Rule {
  selector: string;
  body: string;
  removed: boolean;
}

/** Style rules (inside at-rule blocks too) added, changed or removed; @keyframes and @font-face are not rules of elements. */
function changedRules(before: string, after: string): Rule[] {
  const key = (rule: { selector: string; body: string }) => `${rule.selector}{${rule.body}}`;
  const old = readRules(before);
  const next = readRules(after);
  const oldKeys = new Map<string, number>();
  for (const rule of old) oldKeys.set(key(rule), (oldKeys.get(key(rule)) ?? 0) + 1);
  const out: Rule[] = [];
  for (const rule of next) {
    const count = oldKeys.get(key(rule)) ?? 0;
    if (count > 0) oldKeys.set(key(rule), count - 1);
    else out.push({ ...rule, removed: false });
  }
  const changedSelectors = new Set(out.map((rule) => rule.selector));
  for (const [entry, count] of oldKeys) {
    if (count === 0) continue;
    const rule = old.find((r) => key(r) === entry);
    // A rule whose body changed is told once, as the new rule.
    if (rule && !changedSelectors.has(rule.selector)) out.push({ ...rule, removed: true });
  }
  return out;
}

function readRules(css: string): { selector: string; body: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: { selector: string; body: string }[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    const prelude = text
      .slice(at, open)
      .replace(/^[\s;}]+/, '')
      .trim();
    let depth = 1;
    let close = open + 1;
    while (close < text.length && depth > 0) {
      if (text[close] === '{') depth++;
      else if (text[close] === '}') depth--;
      close++;
    }
    const body = text.slice(open + 1, close - 1);
    if (/^@(?:media|supports|layer|container)\b/i.test(prelude)) rules.push(...readRules(body));
    else if (!prelude.startsWith('@'))
      rules.push({ selector: prelude.replace(/\s+/g, ' '), body: body.replace(/\s+/g, ' ').trim() });
    at = close;
  }
  return rules;
}

interface Node {
  tag: string;
  id: string;
  classes: string[];
  attrs: Set<string>;
  parent: Node | null;
  start: number;
  end: number;
}

function nodesOf(html: string): Node[] {
  const nodes: Node[] = [];
  for (const element of mapSourceElements(html)) nodes.push(toNode(html, element, nodes));
  return nodes;
}

function toNode(html: string, element: SourceElement, made: Node[]): Node {
  const value = (name: string) => (element.attrs[name] ? readAttributeValue(html, element.attrs[name]) : '');
  return {
    tag: element.tag,
    id: value('id'),
    classes: value('class').split(/\s+/).filter(Boolean),
    attrs: new Set(Object.keys(element.attrs)),
    parent: element.parent === null ? null : (made[element.parent] ?? null),
    start: element.range.start,
    end: element.range.end,
  };
}

/** How many elements outside the scope a selector list matches, and whether it matches in it. */
function ruleReach(
  selectorList: string,
  files: Readonly<Record<string, string>>,
  scope: { path: string; start: number; end: number },
): { own: boolean; others: number } {
  const selectors = splitTop(selectorList, ',').map(parseComplex);
  let own = false;
  let others = 0;
  for (const [path, html] of Object.entries(files)) {
    if (!/\.html?$/i.test(path)) continue;
    for (const node of nodesOf(html)) {
      if (!selectors.some((selector) => matches(node, selector))) continue;
      if (path === scope.path && node.start >= scope.start && node.end <= scope.end) own = true;
      else others++;
    }
  }
  return { own, others };
}

interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attrs: string[];
}
/** Compounds right to left, with the combinator that joins each to the next one leftwards. */
type Complex = { compound: Compound; combinator: ' ' | '>' }[];

function splitTop(text: string, by: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === by && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.map((part) => part.trim()).filter(Boolean);
}

function parseComplex(selector: string): Complex {
  // Sibling combinators become "somewhere under the same parent": a superset, so never a miss.
  const tokens = selector
    .replace(/\s*([>+~])\s*/g, ' $1 ')
    .split(/\s+/)
    .filter(Boolean);
  const out: Complex = [];
  let combinator: ' ' | '>' = ' ';
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i] as string;
    if (token === '>' || token === '+' || token === '~') {
      combinator = token === '>' ? '>' : ' ';
      continue;
    }
    if (out.length > 0) (out[out.length - 1] as Complex[number]).combinator = combinator;
    out.push({ compound: parseCompound(token), combinator: ' ' });
    combinator = ' ';
  }
  return out;
}

function parseCompound(token: string): Compound {
  // Pseudo-classes and pseudo-elements are left out (a superset of the matches).
  const plain = token.replace(/::?[a-zA-Z-]+(?:\([^)]*\))?/g, '');
  const compound: Compound = { tag: null, id: null, classes: [], attrs: [] };
  for (const part of plain.match(/[#.]?-?[_a-zA-Z\u00a0-\uffff][\w\u00a0-\uffff-]*|\[[^\]]*\]|\*/g) ?? []) {
    if (part.startsWith('#')) compound.id = part.slice(1);
    else if (part.startsWith('.')) compound.classes.push(part.slice(1));
    else if (part.startsWith('['))
      compound.attrs.push(
        part
          .slice(1, -1)
          .split(/[~|^$*]?=/)[0]
          ?.trim()
          .toLowerCase() ?? '',
      );
    else if (part !== '*') compound.tag = part.toLowerCase();
  }
  return compound;
}

function matchesCompound(node: Node, compound: Compound): boolean {
  return (
    (compound.tag === null || node.tag === compound.tag) &&
    (compound.id === null || node.id === compound.id) &&
    compound.classes.every((name) => node.classes.includes(name)) &&
    compound.attrs.every((name) => node.attrs.has(name))
  );
}

function matches(node: Node, complex: Complex, from = 0): boolean {
  const step = complex[from];
  if (!step || !matchesCompound(node, step.compound)) return false;
  if (from === complex.length - 1) return true;
  if (step.combinator === '>') return node.parent !== null && matches(node.parent, complex, from + 1);
  for (let up = node.parent; up; up = up.parent) if (matches(up, complex, from + 1)) return true;
  // The document's own frame (html, body) may be implied, without a start tag in the source.
  const rest = complex.slice(from + 1).every(({ compound }) => compound.tag === 'html' || compound.tag === 'body');
  return rest;
}
