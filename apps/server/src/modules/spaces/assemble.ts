import type { FileInput } from '@div/shared/spaces';

/**
 * Minimal single-file assembly used by export and remix: index.html with the local stylesheets
 * and scripts it references inlined (style.css and script.js are added even when not referenced).
 * NOTE: packages/site-engine/src/assemble.ts (the preview's engine) did not exist when this was
 * written; once it does, replace this with it so export, remix and the preview agree.
 */
export function assembleHtml(files: readonly FileInput[]): string {
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  let html = byPath.get('index.html') ?? files.find((f) => f.path.endsWith('.html'))?.content ?? '';
  const used = new Set<string>();
  const local = (ref: string) => ref.replace(/^\.\//, '').split(/[?#]/)[0] ?? '';

  html = html.replace(/<link\b[^>]*>/gi, (tag) => {
    if (!/\brel\s*=\s*["']?stylesheet/i.test(tag)) return tag;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    const path = href ? local(href) : '';
    const css = byPath.get(path);
    if (css === undefined) return tag;
    used.add(path);
    return `<style>\n${escapeStyle(css)}\n</style>`;
  });
  html = html.replace(/<script\b([^>]*)\bsrc\s*=\s*["']([^"']+)["']([^>]*)>\s*<\/script>/gi, (tag, before, src, after) => {
    const path = local(src);
    const js = byPath.get(path);
    if (js === undefined) return tag;
    used.add(path);
    const attrs = `${before}${after}`.replace(/\s+/g, ' ').trimEnd();
    return `<script${attrs}>\n${escapeScript(js)}\n</script>`;
  });

  const css = byPath.get('style.css');
  if (css !== undefined && !used.has('style.css')) {
    html = insertBefore(html, /<\/head>/i, `<style>\n${escapeStyle(css)}\n</style>\n`);
  }
  const js = byPath.get('script.js');
  if (js !== undefined && !used.has('script.js')) {
    html = insertBefore(html, /<\/body>/i, `<script>\n${escapeScript(js)}\n</script>\n`);
  }
  return html;
}

function insertBefore(html: string, marker: RegExp, chunk: string): string {
  const match = marker.exec(html);
  if (!match) return html + chunk;
  return html.slice(0, match.index) + chunk + html.slice(match.index);
}

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');
const escapeScript = (js: string) => js.replace(/<\/script/gi, '<\\/script');
