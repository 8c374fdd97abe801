import { toLines } from './apply-edits';
import { indentOf, isBlank } from './normalize';
import type { EditBlock } from './parse-edits';
import { extensionOf } from './paths';

/**
 * Which file of the site an answer's block means (ADR 0160, issue 39): a ```css fence that names no
 * file means the site's stylesheet, and a ```js one its script — the only such file, or the one the
 * pages link — and, for a single-page site with no such file, its inline `<style>` (or `<script>`).
 * Pure helpers of `applyAnswer`.
 */

const EXTENSIONS: Record<string, readonly string[]> = { css: ['css'], js: ['js', 'mjs'], mjs: ['js', 'mjs'] };
const INLINE: Record<string, RegExp> = {
  css: /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi,
  js: /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script\s*>/gi,
};

type Target = { kind: 'file'; path: string } | { kind: 'inline'; page: string; close: RegExp } | null;

function targetFor(files: Readonly<Record<string, string>>, guessed: string): Target {
  const ext = extensionOf(guessed);
  const exts = EXTENSIONS[ext];
  if (!exts) return null;
  const paths = Object.keys(files);
  const same = paths.filter((p) => exts.includes(extensionOf(p)));
  if (same.length === 1) return { kind: 'file', path: same[0] as string };
  const pages = paths.filter((p) => /^html?$/.test(extensionOf(p)));
  if (same.length > 1) {
    const linked = new Set<string>();
    for (const page of pages)
      for (const m of (files[page] ?? '').matchAll(/\s(?:href|src)=["']?\.?\/?([^"'\s>]+)/gi))
        if (same.includes(m[1] ?? '')) linked.add(m[1] ?? '');
    return linked.size === 1 ? { kind: 'file', path: [...linked][0] as string } : null;
  }
  const inline = INLINE[ext === 'css' ? 'css' : 'js'] as RegExp;
  if (pages.length !== 1) return null;
  const page = pages[0] as string;
  const elements = [...(files[page] ?? '').matchAll(inline)];
  if (elements.length !== 1) return null;
  return { kind: 'inline', page, close: ext === 'css' ? /^\s*<\/style\s*>\s*$/i : /^\s*<\/script\s*>\s*$/i };
}

/**
 * The blocks with their paths resolved: a block for a stylesheet or script the site does not have
 * goes to the site's own file of that kind when its path was only guessed from the fence's language,
 * or when nothing else in the answer names that path (no page links it: it would be a file nobody
 * loads). An empty SEARCH for an inline stylesheet or script adds its lines before the element's
 * closing tag, at the indentation of what the element holds. `written` is the rest of the answer's
 * text (its REPLACE parts and whole files).
 */
export function resolveGuessedPaths(
  files: Readonly<Record<string, string>>,
  edits: readonly EditBlock[],
  written: readonly string[] = edits.map((e) => e.replace),
): EditBlock[] {
  const linked = (path: string) => written.some((text) => text.includes(path));
  return edits.map((block) => {
    if (files[block.path] !== undefined || block.op !== undefined || !(block.guessed || !linked(block.path))) return block;
    const target = targetFor(files, block.path);
    if (!target) return block;
    if (target.kind === 'file') return { ...block, path: target.path };
    if (block.search.trim() !== '') return { ...block, path: target.page };
    const lines = toLines(files[target.page] ?? '');
    const closing = lines.filter((line) => target.close.test(line));
    if (closing.length !== 1) return block;
    const close = closing[0] as string;
    const at = lines.indexOf(close);
    let inner = indentOf(close);
    for (let i = at - 1; i >= 0 && !/<(?:style|script)\b/i.test(lines[i] ?? ''); i--)
      if (!isBlank(lines[i] ?? '')) inner = indentOf(lines[i] ?? '');
    const added = toLines(block.replace);
    const base = Math.min(...added.filter((l) => !isBlank(l)).map((l) => indentOf(l).length));
    const body = added.map((line) => (isBlank(line) ? '' : inner + line.slice(Number.isFinite(base) ? base : 0)));
    return { ...block, path: target.page, search: `${close}\n`, replace: `${[...body, close].join('\n')}\n` };
  });
}
