import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeHtml } from './complete-html';

const VOID = new Set(['br', 'img', 'hr', 'meta', 'link', 'input']);
const RAW = new Set(['script', 'style', 'textarea', 'title']);

/**
 * An independent strict check: every end tag closes the innermost open element, and nothing is
 * left open. Returns the problem, or null when balanced.
 */
function strictImbalance(html: string): string | null {
  const stack: string[] = [];
  const tag = /<!--[\s\S]*?-->|<![^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let m: RegExpExecArray | null = tag.exec(html);
  while (m) {
    const [whole, close, open, attrs] = m;
    if (close) {
      const top = stack.pop();
      if (top !== close.toLowerCase()) return `</${close}> closes <${top}>`;
    } else if (open) {
      const name = open.toLowerCase();
      if (RAW.has(name)) {
        const end = html.toLowerCase().indexOf(`</${name}>`, m.index + whole.length);
        if (end < 0) return `<${name}> never ends`;
        tag.lastIndex = end + name.length + 3;
      } else if (!VOID.has(name) && !attrs?.trim().endsWith('/')) {
        stack.push(name);
      }
    }
    m = tag.exec(html);
  }
  return stack.length ? `left open: ${stack.join(',')}` : null;
}

describe('completeHtml', () => {
  const cases: [string, string][] = [
    ['<html><body><div><p>Hola', '<html><body><div><p>Hola</p></div></body></html>'],
    ['<html><body><h1 class="ti', '<html><body></body></html>'],
    ['<div><a href="/x?a=1&b=2">en', '<div><a href="/x?a=1&b=2">en</a></div>'],
    ['<div title="a > b"><span', '<div title="a > b"></div>'],
    ['<div><img src="a.png" alt="x"><br><input type="text"/>', '<div><img src="a.png" alt="x"><br><input type="text"/></div>'],
    [
      '<div><svg viewBox="0 0 1 1"><path d="M0"/><circle r="1"/>',
      '<div><svg viewBox="0 0 1 1"><path d="M0"/><circle r="1"/></svg></div>',
    ],
    ['<body><!-- a comment <div> --><section>', '<body><!-- a comment <div> --><section></section></body>'],
    ['<body><!-- half a comm', '<body></body>'],
    ['<body><script>if (a < b) { go(', '<body></body>'],
    ['<body><script>const s = "</div>";</script><p>x', '<body><script>const s = "</div>";</script><p>x</p></body>'],
    ['<head><style>body { color: red; } h1 { col', '<head><style>body { color: red; }</style></head>'],
    ['<head><style>h1 { col', '<head><style></style></head>'],
    ['<head><title>Mi sitio', '<head><title>Mi sitio</title></head>'],
    ['<ul><li>uno<li>dos', '<ul><li>uno<li>dos</li></ul>'],
    ['<table><tr><td>a<td>b<tr><td>c', '<table><tr><td>a<td>b<tr><td>c</td></tr></table>'],
    ['<div><p>uno<div>dos', '<div><p>uno<div>dos</div></div>'],
    ['<div></span><p>x', '<div></span><p>x</p></div>'],
    ['<!DOCTYPE html><html', '<!DOCTYPE html>'],
    ['<body>a < b and <', '<body>a < b and </body>'],
    ['<main></', '<main></main>'],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(completeHtml(input)).toBe(expected);
  });

  it('leaves a complete document alone', () => {
    const doc = '<!DOCTYPE html>\n<html><head><style>a{}</style></head><body><p>x</p><script>1</script></body></html>\n';
    expect(completeHtml(doc)).toBe(doc);
  });
});

/** Random well-formed documents, with the awkward parts: quoted '>', comments, raw text, void and self-closed elements. */
const textArb = fc.constantFrom('Hola', 'a < b', 'x & y', ' ', 'más', '');
const attrArb = fc.constantFrom('', ' class="a"', ' title="a > b"', " data-x='1 < 2'", ' hidden');
const leafArb = fc.oneof(
  textArb,
  attrArb.map((a) => `<img src="i.png"${a}>`),
  fc.constant('<br>'),
  fc.constant('<!-- <div> comment -->'),
  fc.constant('<script>if (a < b) { document.body.append("</p>"); }</script>'),
  fc.constant('<style>p { color: red; } h1 > span { margin: 0; }</style>'),
  fc.constant('<svg><path d="M0 0"/></svg>'),
  fc.constant('<textarea>a <b> c</textarea>'),
);
const inline = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc
      .tuple(fc.constantFrom('span', 'a', 'strong', 'em'), attrArb, fc.array(tie('node'), { maxLength: 3 }))
      .map(([t, a, kids]) => `<${t}${a}>${kids.join('')}</${t}>`),
  ),
})).node;
const block = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    inline,
    fc
      .tuple(fc.constantFrom('div', 'section', 'header'), attrArb, fc.array(tie('node'), { maxLength: 4 }))
      .map(([t, a, kids]) => `<${t}${a}>${kids.join('')}</${t}>`),
    fc.array(inline, { maxLength: 3 }).map((kids) => `<p>${kids.join('')}</p>`),
    fc
      .array(fc.array(inline, { maxLength: 2 }), { maxLength: 3 })
      .map((items) => `<ul>${items.map((i) => `<li>${i.join('')}</li>`).join('')}</ul>`),
  ),
})).node;
const documentArb = fc
  .array(block, { maxLength: 5 })
  .map((body) => `<!DOCTYPE html><html><head><title>T</title><style>a{}</style></head><body>${body.join('\n')}</body></html>`);

describe('completeHtml properties', () => {
  it('every prefix of a well-formed document completes to a balanced tree that starts with (part of) the prefix', () => {
    fc.assert(
      fc.property(documentArb, fc.double({ min: 0, max: 1, noNaN: true }), (doc, at) => {
        expect(strictImbalance(doc)).toBeNull();
        const prefix = doc.slice(0, Math.floor(at * doc.length));
        const out = completeHtml(prefix);
        expect(strictImbalance(out)).toBeNull();
        const closers = /(<\/[a-z0-9]+>)*$/.exec(out)?.[0] ?? '';
        expect(prefix.startsWith(out.slice(0, out.length - closers.length))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws and is idempotent on arbitrary input', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('<div>', '</div>', '<p>', '<script>', '</script>', '<style>', '}', '<!--', '-->', '<', '"', '<li>', '/>'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const once = completeHtml(parts.join(''));
        expect(completeHtml(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});
