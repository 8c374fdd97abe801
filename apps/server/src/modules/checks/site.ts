import type { CheckRule, CheckSeverity, Finding, LocalizedText } from '@div/shared/checks';
import type { FileInput } from '@div/shared/spaces';
import { parse } from 'parse5';
import { attr, elements, type HtmlElement, type HtmlNode } from '../../lib/html-elements';
import { lookupFile } from '../hosting/served-file';

/** What the checks know of one of the space's own images (`images/<name>`). */
export interface CheckedImage {
  name: string;
  alt: string;
  width: number;
  height: number;
  bytes: number;
  variants: { width: number; height: number; bytes: number }[];
}

export interface CheckInput {
  files: readonly FileInput[];
  images: readonly CheckedImage[];
}

/** An HTML page parsed once with source positions, shared by every rule. */
export interface Page {
  path: string;
  html: string;
  document: HtmlNode;
  /** Every element in document order (template contents included). */
  all: HtmlElement[];
}

/** The site as the rules read it. */
export interface Site {
  files: Map<string, string>;
  pages: Page[];
  styles: FileInput[];
  images: Map<string, CheckedImage>;
}

export const isHtml = (path: string) => /\.html?$/i.test(path);
export const isCss = (path: string) => /\.css$/i.test(path);

export function readSite(input: CheckInput): Site {
  const files = new Map(input.files.map((f) => [f.path, f.content]));
  const pages = input.files
    .filter((f) => isHtml(f.path))
    .map((f) => {
      const document = parse(f.content, { sourceCodeLocationInfo: true }) as HtmlNode;
      return { path: f.path, html: f.content, document, all: [...elements(document)] };
    });
  return {
    files,
    pages,
    styles: input.files.filter((f) => isCss(f.path)),
    images: new Map(input.images.map((image) => [image.name, image])),
  };
}

/** A finding; `fixable` says whether POST …/checks/fix repairs it. */
export function finding(
  rule: CheckRule,
  severity: CheckSeverity,
  file: string,
  at: { line?: number | undefined; column?: number | undefined } | undefined,
  message: LocalizedText,
  fixable = false,
): Finding {
  return {
    rule,
    severity,
    file,
    ...(at?.line ? { line: at.line } : {}),
    ...(at?.line && at.column ? { column: at.column } : {}),
    message,
    fixable,
  };
}

/** Where an element starts (1-based line and column), when parse5 knows. */
export const at = (el: HtmlElement) =>
  el.sourceCodeLocation ? { line: el.sourceCodeLocation.startLine, column: el.sourceCodeLocation.startCol } : undefined;

/** Where an attribute's value sits, else where its element starts. */
export const atAttr = (el: HtmlElement, name: string) => {
  const location = el.sourceCodeLocation?.attrs?.[name];
  return location ? { line: location.startLine, column: location.startCol } : at(el);
};

/** 1-based line and column of a character offset in a text. */
export function lineAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The text inside an element, whitespace collapsed. */
export function textOf(node: HtmlNode): string {
  let out = '';
  const walk = (n: HtmlNode) => {
    if (n.nodeName === '#text') out += (n as { value: string }).value;
    else if ('tagName' in n && (n.tagName === 'script' || n.tagName === 'style' || n.tagName === 'template')) return;
    if ('childNodes' in n) for (const child of n.childNodes) walk(child);
  };
  walk(node);
  return out.replace(/\s+/g, ' ').trim();
}

/** A URL of another origin or scheme (`https:`, `//cdn…`, `mailto:`), not a file of the site. */
export const isExternal = (url: string) => /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url.trim());

/** The space's own image a reference names (`images/x.webp`, `./images/…`, `/images/…`). */
export function ownImageName(url: string): string | undefined {
  const match = /^(?:\.\.\/|\.\/|\/)*images\/([^?#/]+)/.exec(url.trim());
  return match?.[1];
}

/**
 * The file of the site a relative or root-relative URL names from `fromPath`, by the rule the
 * published site serves (`/about`, `about.html`, `docs/` alike); undefined when no file answers.
 * Returns the resolved path when it exists, else `null` (the URL names a missing file).
 */
export function resolveSiteUrl(site: Site, fromPath: string, url: string): string | null {
  const path = url.split('#')[0]?.split('?')[0] ?? '';
  if (path === '') return fromPath;
  const base = fromPath.includes('/') ? fromPath.slice(0, fromPath.lastIndexOf('/') + 1) : '';
  const joined = path.startsWith('/') ? path : `/${base}${path}`;
  const parts: string[] = [];
  for (const part of joined.split('/').slice(1)) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const normal = `/${parts.join('/')}`;
  let keyed = pathsOf.get(site);
  if (!keyed) {
    keyed = new Map([...site.files.keys()].map((p) => [p, p]));
    pathsOf.set(site, keyed);
  }
  return lookupFile(keyed, normal) ?? null;
}
const pathsOf = new WeakMap<Site, Map<string, string>>();

/** Ids of a page, each with its first element. */
export function idsOf(page: Page): Map<string, HtmlElement> {
  const known = idsByPage.get(page);
  if (known) return known;
  const ids = new Map<string, HtmlElement>();
  idsByPage.set(page, ids);
  for (const el of page.all) {
    const id = attr(el, 'id');
    if (id && !ids.has(id)) ids.set(id, el);
  }
  return ids;
}

const idsByPage = new WeakMap<Page, Map<string, HtmlElement>>();

/** The language a page declares (`<html lang>`), or undefined. */
export const langOf = (page: Page) => {
  const html = page.all.find((e) => e.tagName === 'html');
  const lang = html ? attr(html, 'lang')?.trim() : undefined;
  return lang || undefined;
};
