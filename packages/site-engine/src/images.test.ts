import { describe, expect, it } from 'vitest';
import { assemblePreview } from './assemble';
import { resolveImageRefs } from './images';

describe('own images in the preview (issue 24)', () => {
  const urls = { 'logo.png': '/preview/images/s1/aa-480.webp' };

  it('points every reference to a known image at its URL, and nothing else', () => {
    const html =
      '<img src="images/logo.png"><img src="./images/logo.png"><img src="images/logo.png.bak"><img src="assets/images/logo.png"><img src="images/otra.png">';
    expect(resolveImageRefs(html, urls)).toBe(
      '<img src="/preview/images/s1/aa-480.webp"><img src="/preview/images/s1/aa-480.webp"><img src="images/logo.png.bak"><img src="assets/images/logo.png"><img src="images/otra.png">',
    );
  });

  it('reaches the inlined stylesheet too', () => {
    const doc = assemblePreview(
      {
        'index.html': '<html><head></head><body><h1>x</h1></body></html>',
        'style.css': '.hero { background: url(images/logo.png); }',
      },
      { images: urls },
    );
    expect(doc).toContain('url(/preview/images/s1/aa-480.webp)');
  });
});
