/** Elements that never have content or an end tag. */
export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose content is raw text, ended only by their own end tag. */
export const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp']);

/** Elements a new `<p>` (or block) closes implicitly, and the rest of the HTML optional end tags that matter here. */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'fieldset',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);
const CLOSES_SIBLING: Record<string, readonly string[]> = {
  li: ['li'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  option: ['option'],
  tr: ['tr', 'td', 'th'],
  td: ['td', 'th'],
  th: ['td', 'th'],
};

/**
 * Completes a document cut off while streaming, so the preview can render it: a half-written tag,
 * comment or unterminated script is dropped, an unterminated style keeps its finished rules, and
 * every element still open is closed in order. The result starts with (a prefix of) the input.
 */
export function completeHtml(partial: string): string {
  const stack: string[] = [];
  let lower: string | undefined;
  let cut = partial.length;
  let i = 0;
  for (;;) {
    const lt = partial.indexOf('<', i);
    if (lt < 0) break;
    const next = partial[lt + 1];
    if (next === undefined) {
      cut = lt;
      break;
    }
    if (partial.startsWith('<!--', lt)) {
      const end = partial.indexOf('-->', lt + 4);
      if (end < 0) {
        cut = lt;
        break;
      }
      i = end + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      const end = partial.indexOf('>', lt);
      if (end < 0) {
        cut = lt;
        break;
      }
      i = end + 1;
      continue;
    }
    if (next === '/') {
      const end = partial.indexOf('>', lt);
      if (end < 0) {
        cut = lt;
        break;
      }
      const name = /^<\/([a-zA-Z][^\s/>]*)/.exec(partial.slice(lt, end + 1))?.[1]?.toLowerCase();
      if (name) {
        const at = stack.lastIndexOf(name);
        if (at >= 0) stack.length = at;
      }
      i = end + 1;
      continue;
    }
    if (!/[a-zA-Z]/.test(next)) {
      i = lt + 1;
      continue;
    }
    const tagEnd = findTagEnd(partial, lt + 1);
    if (tagEnd < 0) {
      cut = lt;
      break;
    }
    const name = (/^<([a-zA-Z][^\s/>]*)/.exec(partial.slice(lt, tagEnd + 1))?.[1] ?? '').toLowerCase();
    i = tagEnd + 1;
    closeImplied(stack, name);
    if (VOID_ELEMENTS.has(name) || partial[tagEnd - 1] === '/') continue;
    if (RAW_TEXT_ELEMENTS.has(name)) {
      lower ??= partial.toLowerCase();
      const close = findRawClose(partial, lower, name, i);
      if (close) {
        i = close.after;
        continue;
      }
      if (name === 'script') {
        // Half a script would only raise errors in the preview.
        cut = lt;
      } else if (name === 'style') {
        const lastRule = partial.lastIndexOf('}');
        cut = lastRule >= i ? lastRule + 1 : i;
        stack.push(name);
      } else {
        stack.push(name);
      }
      break;
    }
    stack.push(name);
  }
  // A stray '<' left at the end by the cut would read as half a tag next time.
  while (cut > 0 && partial[cut - 1] === '<') cut--;
  let out = partial.slice(0, cut);
  for (let s = stack.length - 1; s >= 0; s--) out += `</${stack[s]}>`;
  return out;
}

/** Index of the `>` ending the start tag whose name begins at `from`, honouring quoted values; -1 if unfinished. */
function findTagEnd(text: string, from: number): number {
  let quote = '';
  for (let j = from; j < text.length; j++) {
    const c = text[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return j;
    }
  }
  return -1;
}

function findRawClose(text: string, lower: string, name: string, from: number): { after: number } | null {
  let at = lower.indexOf(`</${name}`, from);
  while (at >= 0) {
    const after = text[at + name.length + 2];
    if (after === undefined) return null;
    if (after === '>' || after === '/' || /\s/.test(after)) {
      const end = text.indexOf('>', at);
      return end < 0 ? null : { after: end + 1 };
    }
    at = lower.indexOf(`</${name}`, at + 1);
  }
  return null;
}

function closeImplied(stack: string[], name: string): void {
  const top = stack[stack.length - 1];
  if (top === 'p' && CLOSES_P.has(name)) {
    stack.pop();
    return;
  }
  const siblings = CLOSES_SIBLING[name];
  if (!siblings) return;
  while (stack.length && siblings.includes(stack[stack.length - 1] ?? '')) stack.pop();
}
