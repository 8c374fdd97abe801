import { parse } from 'parse5';
import { attr, elements } from '../../lib/html-elements';

/**
 * Editor-only placeholders (issue 38, ADR 0252): a section the person asked for with nothing real to
 * show yet (reviews nobody has written, a gallery with no photos) carries `data-placeholder="editor"`.
 * The editor shows it, dashed and labelled; a published page never does: the element, and the
 * navigation entry marked the same way, are cut out of the page as written, byte for byte around it.
 */
export const PLACEHOLDER_ATTRIBUTE = 'data-placeholder';

export function stripPlaceholders(html: string): string {
  if (!html.includes(PLACEHOLDER_ATTRIBUTE)) return html;
  const cuts: { start: number; end: number }[] = [];
  for (const el of elements(parse(html, { sourceCodeLocationInfo: true }))) {
    const at = el.sourceCodeLocation;
    if (attr(el, PLACEHOLDER_ATTRIBUTE) !== 'editor' || !at) continue;
    // Nested placeholders go with their outer one.
    if (cuts.some((c) => at.startOffset >= c.start && at.endOffset <= c.end)) continue;
    cuts.push({ start: at.startOffset, end: at.endOffset });
  }
  let out = html;
  for (const cut of cuts.reverse()) {
    // The whole line when the element stands alone on its lines.
    const lineStart = out.lastIndexOf('\n', cut.start - 1) + 1;
    const alone = /^[ \t]*$/.test(out.slice(lineStart, cut.start)) && /^[ \t]*\n/.test(out.slice(cut.end));
    const start = alone ? lineStart : cut.start;
    const end = alone ? cut.end + (/^[ \t]*\n/.exec(out.slice(cut.end))?.[0].length ?? 0) : cut.end;
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
}
