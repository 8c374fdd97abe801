import { resolveImageRefs } from './images';
import { extensionOf, normalizePath } from './paths';
import { DEFAULT_FILES } from './protocol';

export interface FileContent {
  path: string;
  content: string;
}

/** A project file as the editor and the API carry it (spec section 3). */
export interface ProjectFile {
  id: string;
  name: string;
  type: 'file';
  language: string;
  content: string;
}

export interface AssembleOptions {
  /** The page to show (default index.html). */
  entry?: string;
  /** Script placed first in `<head>` (the editor's error reporter), before any of the site's code. */
  injectScript?: string;
  /** URLs of the space's own images by name: `images/<name>` in the page and its code points at them. */
  images?: Readonly<Record<string, string>>;
}

type FileSet = readonly FileContent[] | Readonly<Record<string, string>>;

function toMap(files: FileSet): Map<string, string> {
  if (Array.isArray(files)) return new Map((files as readonly FileContent[]).map((f) => [f.path, f.content]));
  return new Map(Object.entries(files as Readonly<Record<string, string>>));
}

/**
 * One self-contained preview document: the entry page with the project's stylesheets and scripts
 * inlined where they are linked. style.css and script.js are added even when the page forgets to
 * link them; external URLs are left alone.
 */
export function assemblePreview(files: FileSet, options: AssembleOptions = {}): string {
  const map = toMap(files);
  const entry = options.entry ?? 'index.html';
  let html = map.get(entry) ?? [...map].find(([path]) => /\.html?$/i.test(path))?.[1] ?? '';
  const inlined = new Set<string>();
  const local = (href: string | undefined, ext: string): string | null => {
    if (!href || /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href.trim())) return null;
    const path = normalizePath(href.trim().replace(/[?#].*$/, ''));
    return path && extensionOf(path) === ext && map.has(path) ? path : null;
  };

  html = html.replace(/<link\b[^>]*>/gi, (tag) => {
    const attrs = readAttributes(tag);
    if (!/\bstylesheet\b/i.test(attrs.get('rel') ?? '')) return tag;
    const path = local(attrs.get('href'), 'css');
    if (!path) return tag;
    inlined.add(path);
    return styleTag(path, map.get(path) ?? '');
  });
  html = html.replace(/<script\b([^>]*)>\s*<\/script\s*>/gi, (tag, rawAttrs: string) => {
    const path = local(readAttributes(`<script${rawAttrs}>`).get('src'), 'js');
    if (!path) return tag;
    inlined.add(path);
    const kept = rawAttrs.replace(/\s+src\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
    return `<script${kept} data-file="${path}">\n${escapeRaw(map.get(path) ?? '', 'script')}\n</script>`;
  });

  const [, css, js] = DEFAULT_FILES;
  if (!inlined.has(css) && map.get(css)?.trim()) html = insertInHead(html, styleTag(css, map.get(css) ?? ''), 'end');
  if (!inlined.has(js) && map.get(js)?.trim()) {
    const tag = `<script data-file="${js}">\n${escapeRaw(map.get(js) ?? '', 'script')}\n</script>`;
    const close = html.toLowerCase().lastIndexOf('</body>');
    html = close >= 0 ? html.slice(0, close) + tag + html.slice(close) : html + tag;
  }
  if (options.images) html = resolveImageRefs(html, options.images);
  if (options.injectScript) html = insertInHead(html, `<script>${escapeRaw(options.injectScript, 'script')}</script>`, 'start');
  return html;
}

function styleTag(path: string, css: string): string {
  return `<style data-file="${path}">\n${escapeRaw(css, 'style')}\n</style>`;
}

/** Keeps inlined code from ending its own element early. */
function escapeRaw(code: string, element: 'script' | 'style'): string {
  return code.replace(element === 'script' ? /<\/script/gi : /<\/style/gi, (m) => `<\\/${m.slice(2)}`);
}

function insertInHead(html: string, tag: string, where: 'start' | 'end'): string {
  const lower = html.toLowerCase();
  if (where === 'end') {
    const close = lower.indexOf('</head>');
    if (close >= 0) return html.slice(0, close) + tag + html.slice(close);
  }
  for (const open of [/<head\b[^>]*>/i, /<html\b[^>]*>/i, /<!doctype[^>]*>/i]) {
    const match = open.exec(html);
    if (match) {
      const at = match.index + match[0].length;
      return html.slice(0, at) + tag + html.slice(at);
    }
  }
  return tag + html;
}

function readAttributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const body = tag.replace(/^<[a-zA-Z][^\s/>]*/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(pattern)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!attrs.has(name)) attrs.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

const LANGUAGES: Record<string, string> = {
  html: 'html',
  htm: 'html',
  css: 'css',
  js: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  json: 'json',
  md: 'markdown',
  svg: 'xml',
  xml: 'xml',
  txt: 'plaintext',
};

/** The editor language for a path (Monaco's language ids). */
export function languageForPath(path: string): string {
  return LANGUAGES[extensionOf(path)] ?? 'plaintext';
}

/** The project's files as the editor lists them: index.html, style.css, script.js first, then by path. */
export function listProjectFiles(files: FileSet): ProjectFile[] {
  const rank = (path: string) => {
    const at = (DEFAULT_FILES as readonly string[]).indexOf(path);
    return at < 0 ? DEFAULT_FILES.length : at;
  };
  return [...toMap(files)]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([path, content]) => ({
      id: path,
      name: path.slice(path.lastIndexOf('/') + 1),
      type: 'file' as const,
      language: languageForPath(path),
      content,
    }));
}
