import { sharePath } from '@div/shared/spaces';

/**
 * The "Hecho con DIV · Remixar" badge of a published site (issue 25, ADR 0215): written into every
 * page at deploy time when the owner lets anyone remix the published site (Compartir), linking to
 * the share page where signed-in people remix it. A real link with its own text (Spanish, marked
 * so), white on indigo (contrast above 10:1), the browser's focus ring kept, fixed in a corner.
 */

export const BADGE_TEXT = 'Hecho con DIV · Remixar';

const style = [
  'position:fixed',
  'right:12px',
  'bottom:12px',
  'z-index:2147483647',
  'padding:6px 12px',
  'border-radius:9999px',
  'background:#312e81',
  'color:#fff',
  'font:600 13px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif',
  'text-decoration:none',
  'box-shadow:0 1px 4px rgba(0,0,0,.3)',
].join(';');

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function badgeHtml(appUrl: string, spaceId: string): string {
  const href = `${appUrl}${sharePath(spaceId)}`;
  return `<a href="${attr(href)}" lang="es" data-div-badge style="${style}">${BADGE_TEXT}</a>`;
}

/** The page with the badge before its last `</body>` (at the end when there is none). */
export function applyBadge(html: string, badge: string): string {
  const end = html.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
  return end === -1 ? `${html}\n${badge}\n` : `${html.slice(0, end)}${badge}\n${html.slice(end)}`;
}
