import { PREVIEW_RUNTIME_SCRIPT } from './runtime-script';

export interface PreviewFile {
  path: string;
  content: string;
}

/** `</script` inside inlined code would close the tag early. */
function escapeScript(code: string) {
  return code.replace(/<\/script/gi, '<\\/script');
}
function escapeStyle(code: string) {
  return code.replace(/<\/style/gi, '<\\/style');
}

/**
 * Stand-in for the document engine's assembler (packages/site-engine) until it lands: inlines
 * style.css and script.js into index.html in place of their <link>/<script src> tags, or appends them.
 */
export function assembleDocument(files: PreviewFile[]): string {
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  let html = byPath.get('index.html') ?? '';
  const css = byPath.get('style.css');
  const js = byPath.get('script.js');
  if (css !== undefined) {
    const style = `<style>${escapeStyle(css)}</style>`;
    const link = /<link\b[^>]*href=["']?\.?\/?style\.css["']?[^>]*>/i;
    if (link.test(html)) html = html.replace(link, () => style);
    else if (/<\/head>/i.test(html)) html = html.replace(/<\/head>/i, (end) => `${style}${end}`);
    else html = `${style}${html}`;
  }
  if (js !== undefined) {
    const script = `<script>${escapeScript(js)}</script>`;
    const tag = /<script\b[^>]*src=["']?\.?\/?script\.js["']?[^>]*>\s*<\/script>/i;
    if (tag.test(html)) html = html.replace(tag, () => script);
    else if (/<\/body>/i.test(html)) html = html.replace(/<\/body>(?![\s\S]*<\/body>)/i, (end) => `${script}${end}`);
    else html = `${html}${script}`;
  }
  return html;
}

/** Puts the runtime script before anything else the page runs, so it sees every error. */
export function injectRuntime(html: string, script = PREVIEW_RUNTIME_SCRIPT): string {
  const tag = `<script data-div-runtime>${escapeScript(script)}</script>`;
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${tag}${html.slice(head.index + head[0].length)}`;
  const htmlTag = /<html\b[^>]*>/i.exec(html);
  if (htmlTag) {
    const end = htmlTag.index + htmlTag[0].length;
    return `${html.slice(0, end)}<head>${tag}</head>${html.slice(end)}`;
  }
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return `${doctype[0]}${tag}${html.slice(doctype[0].length)}`;
  return `${tag}${html}`;
}

/** The document the preview frame shows: the assembled site with the runtime script first. */
export function buildPreviewDocument(files: PreviewFile[]): string {
  return injectRuntime(assembleDocument(files));
}
