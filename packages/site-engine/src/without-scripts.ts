// Pages shown where their scripts must not run or be seen: the project cards' thumbnails (the
// server, ADR 0187) and the half-written site while it streams (the editor, ADR 0173).

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?(?:<\/script\s*>|$)/gi;

/**
 * Every `<script>` element removed (its content too); an unclosed one is cut to the end. Repeated
 * until nothing changes: one pass over `<scr<script></script>ipt>` would join a new tag (threats #12).
 */
export function withoutScripts(html: string): string {
  let out = html;
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(SCRIPT_ELEMENT, '');
  }
  return out;
}
