import { describe, expect, it } from 'vitest';
import { assembleDocument, buildPreviewDocument } from './preview-document';

const files = (html: string, css = 'h1{color:red}', js = 'console.log(1)') => [
  { path: 'index.html', content: html },
  { path: 'style.css', content: css },
  { path: 'script.js', content: js },
];

describe('buildPreviewDocument', () => {
  it('inlines style.css and script.js and puts the runtime first in <head>', () => {
    const html = buildPreviewDocument(
      files(
        '<html><head><link rel="stylesheet" href="style.css"><script>a()</script></head><body><h1>x</h1><script src="script.js"></script></body></html>',
      ),
      'R()',
    );
    expect(html.indexOf('R()')).toBeLessThan(html.indexOf('a()'));
    expect(html).toContain('h1{color:red}');
    expect(html).toContain('console.log(1)');
    expect(html).not.toContain('src="script.js"');
  });

  it('cannot be broken out of by a closing tag inside the code', () => {
    const html = assembleDocument(files('<body></body>', 'a{}</style><script>alert(1)</script>', 'x="</script><b>"'));
    expect(html).not.toContain('</style><script>alert(1)');
    expect(html).toContain('<\\/script><b>');
  });

  it('adds a runtime even to a page without <head>', () => {
    expect(buildPreviewDocument([{ path: 'index.html', content: '<h1>x</h1>' }], 'R()')).toMatch(
      /^<script>R\(\)<\/script><h1>x<\/h1>/,
    );
  });
});
