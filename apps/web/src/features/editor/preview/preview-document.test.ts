import { describe, expect, it } from 'vitest';
import { assembleDocument, buildPreviewDocument, injectRuntime } from './preview-document';

const files = (html: string, css = 'h1{color:red}', js = 'console.log(1)') => [
  { path: 'index.html', content: html },
  { path: 'style.css', content: css },
  { path: 'script.js', content: js },
];

describe('assembleDocument', () => {
  it('inlines style.css and script.js in place of their tags', () => {
    const html = assembleDocument(
      files(
        '<html><head><link rel="stylesheet" href="style.css"></head><body><h1>x</h1><script src="script.js"></script></body></html>',
      ),
    );
    expect(html).toBe(
      '<html><head><style>h1{color:red}</style></head><body><h1>x</h1><script>console.log(1)</script></body></html>',
    );
  });

  it('appends them when index.html does not reference them', () => {
    const html = assembleDocument(files('<html><head></head><body><p>x</p></body></html>'));
    expect(html).toContain('<style>h1{color:red}</style></head>');
    expect(html).toContain('<script>console.log(1)</script></body>');
  });

  it('cannot be broken out of by a closing tag inside the code', () => {
    const html = assembleDocument(files('<body></body>', 'a{}</style><script>alert(1)</script>', 'x="</script><b>"'));
    expect(html).not.toContain('</style><script>alert(1)');
    expect(html).toContain('<\\/script><b>');
  });

  it('keeps "$&" patterns in code verbatim', () => {
    expect(assembleDocument(files('<head><link rel="stylesheet" href="style.css"></head>', 'a::after{content:"$&"}'))).toContain(
      '"$&"',
    );
  });
});

describe('injectRuntime', () => {
  it('puts the runtime first in <head>', () => {
    const out = injectRuntime('<!DOCTYPE html><html><head><script>a()</script></head></html>', 'R()');
    expect(out).toBe('<!DOCTYPE html><html><head><script data-div-runtime>R()</script><script>a()</script></head></html>');
  });
  it('creates a head, or goes first, when there is none', () => {
    expect(injectRuntime('<html><body></body></html>', 'R()')).toBe(
      '<html><head><script data-div-runtime>R()</script></head><body></body></html>',
    );
    expect(injectRuntime('<h1>x</h1>', 'R()')).toBe('<script data-div-runtime>R()</script><h1>x</h1>');
    expect(injectRuntime('<!doctype html><h1>x</h1>', 'R()')).toBe(
      '<!doctype html><script data-div-runtime>R()</script><h1>x</h1>',
    );
  });
});

describe('preview re-render work', () => {
  it('builds a 200 KB document in well under 50 ms', () => {
    const block = '<section class="card"><h2>Título</h2><p>Lorem ipsum dolor sit amet, consectetur.</p></section>\n';
    const body = block.repeat(Math.ceil(200_000 / block.length));
    const input = files(
      `<!DOCTYPE html><html><head><link rel="stylesheet" href="style.css"></head><body>${body}<script src="script.js"></script></body></html>`,
    );
    buildPreviewDocument(input);
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      buildPreviewDocument(input);
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    expect(runs[2]).toBeLessThan(50);
  });
});
