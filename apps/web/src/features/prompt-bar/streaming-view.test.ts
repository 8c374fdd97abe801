import { describe, expect, it } from 'vitest';
import { streamingDocument, stylesKnown } from './streaming-view';

/** A half-written page is painted only once its styles are known (issue 22: no unstyled first paint). */

const head =
  '<!DOCTYPE html>\n<html lang="es">\n<head>\n<link rel="stylesheet" href="style.css">\n<title>La Espiga</title>\n</head>\n<body>\n<h1>La Espiga';

describe('stylesKnown', () => {
  it('waits for the linked stylesheet when the page streams first (as models often write it)', () => {
    expect(stylesKnown({ 'index.html': '<!DOCTYPE html>\n<html><head><link rel="styl' })).toBe(false);
    expect(stylesKnown({ 'index.html': head })).toBe(false);
    expect(stylesKnown({ 'index.html': head, 'style.css': '' })).toBe(false);
    expect(stylesKnown({ 'index.html': head, 'style.css': ':root { --color-primary: #92400e; }' })).toBe(true);
  });

  it('waits until the linked stylesheet is written whole, not merely begun', () => {
    const begun = { 'style.css': ':root { --color-primary: #92400e; }\nbody { margin: 0', 'index.html': head };
    expect(stylesKnown(begun, 'style.css')).toBe(false);
    expect(stylesKnown(begun, 'index.html')).toBe(true);
    expect(stylesKnown(begun, 'script.js')).toBe(true);
  });

  it('with the styles first (as the local composer writes), paints once the head is complete', () => {
    const css = { 'style.css': 'body { font-family: system-ui; }' };
    expect(stylesKnown({ ...css })).toBe(false);
    expect(stylesKnown({ ...css, 'index.html': '<!DOCTYPE html>\n<html><head><meta charset="utf-8">' })).toBe(false);
    expect(stylesKnown({ ...css, 'index.html': head })).toBe(true);
    expect(stylesKnown({ ...css, 'index.html': head.replace('href="style.css"', 'href="./style.css?v=2"') })).toBe(true);
  });

  it('does not wait for remote stylesheets or pages with inline styles only', () => {
    expect(
      stylesKnown({ 'index.html': '<html><head><link rel="stylesheet" href="https://cdn.example/x.css"></head><body>' }),
    ).toBe(true);
    expect(stylesKnown({ 'index.html': '<html><head><style>body{color:red}</style></head><body><p>Hola' })).toBe(true);
    expect(stylesKnown({ 'index.html': '<html><head><style>body{color:r' })).toBe(false);
    expect(stylesKnown({ 'about.html': '<html><head><link rel="stylesheet" href="site.css"></head><body>' })).toBe(false);
  });
});

describe('streamingDocument', () => {
  it("leaves out the page's scripts, whole or half-written, and keeps the rest", () => {
    const files = {
      'index.html':
        '<!DOCTYPE html><html><head><style>h1{color:red}</style></head><body><h1>Clínica</h1>' +
        '<script>document.title = "x"</script><p>Horario</p><script src="script.js"></script><script>let a = "',
      'script.js': 'document.body.innerHTML = "";',
    };
    const doc = streamingDocument({ files, writing: 'index.html' }) ?? '';
    expect(doc).toContain('<h1>Clínica</h1>');
    expect(doc).toContain('<p>Horario</p>');
    expect(doc).not.toMatch(/<script/i);
  });
});

describe('a stylesheet of typefaces only (ADR 0251)', () => {
  it('does not hold the half-written page back while it has not streamed yet', () => {
    const html =
      '<!DOCTYPE html>\n<html lang="es">\n<head>\n<link rel="stylesheet" href="style.css">\n<link rel="stylesheet" href="fonts.css" data-fonts>\n</head>\n<body>\n<h1>La Espiga';
    expect(stylesKnown({ 'style.css': 'body{color:#111}', 'index.html': html }, 'index.html')).toBe(true);
    expect(stylesKnown({ 'style.css': 'body{color:#111}', 'index.html': html.replace(' data-fonts', '') }, 'index.html')).toBe(
      false,
    );
  });
});
