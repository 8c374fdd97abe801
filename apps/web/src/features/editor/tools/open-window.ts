import { PREVIEW_SANDBOX } from '../preview/preview-panel';

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * A page with no script of its own whose only content is the site in a sandboxed frame (opaque
 * origin, no allow-same-origin). The wrapper is a blob of the app's origin, but nothing in it runs
 * there: the site's scripts run inside the frame and cannot reach the app's storage (ADR 0060).
 */
export function wrapperDocument(siteHtml: string, title: string) {
  return `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title
    .replace(/&/g, '&amp;')
    .replace(
      /</g,
      '&lt;',
    )}</title><style>html,body{margin:0;height:100%;background:#fff}iframe{display:block;border:0;width:100%;height:100%}</style></head><body><iframe sandbox="${PREVIEW_SANDBOX}" srcdoc="${escapeAttribute(siteHtml)}"></iframe></body></html>`;
}

/** Opens the assembled site in a new tab, without an opener reference back to the editor. */
export function openInNewWindow(siteHtml: string, title: string) {
  const url = URL.createObjectURL(new Blob([wrapperDocument(siteHtml, title)], { type: 'text/html' }));
  const opened = window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return opened !== undefined;
}
