import { describe, expect, it } from 'vitest';
import { assemblePreview, languageForPath, listProjectFiles } from './assemble';

const index = `<!DOCTYPE html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <link rel="stylesheet" href="style.css">
  <link rel="stylesheet" href="https://cdn.example.com/lib.css">
  <script src="https://cdn.tailwindcss.com"></script>
</head>
<body>
  <h1>Hola</h1>
  <a href="about.html">Sobre</a>
  <script type="module" src="./script.js"></script>
</body>
</html>
`;

describe('assemblePreview', () => {
  it('inlines linked local files in place and leaves external URLs alone', () => {
    const out = assemblePreview({ 'index.html': index, 'style.css': 'h1 { color: red; }', 'script.js': 'console.log("hola");' });
    expect(out).toContain('<style data-file="style.css">\nh1 { color: red; }\n</style>');
    expect(out).not.toContain('href="style.css"');
    expect(out).toContain('<link rel="stylesheet" href="https://cdn.example.com/lib.css">');
    expect(out).toContain('<script src="https://cdn.tailwindcss.com"></script>');
    expect(out).toContain('<script type="module" data-file="script.js">\nconsole.log("hola");\n</script>\n</body>');
    expect(out).toContain('<a href="about.html">Sobre</a>');
    expect(out.match(/data-file="style.css"/g)).toHaveLength(1);
  });

  it('adds style.css to <head> and script.js before </body> when the page does not link them', () => {
    const out = assemblePreview([
      { path: 'index.html', content: '<html><head><title>T</title></head><body><p>x</p></body></html>' },
      { path: 'style.css', content: 'p{}' },
      { path: 'script.js', content: 'go()' },
    ]);
    expect(out).toBe(
      '<html><head><title>T</title><style data-file="style.css">\np{}\n</style></head><body><p>x</p><script data-file="script.js">\ngo()\n</script></body></html>',
    );
  });

  it('copes with a page without head or body, and empty files', () => {
    expect(assemblePreview({ 'index.html': '<h1>x</h1>', 'style.css': 'h1{}', 'script.js': '' })).toBe(
      '<style data-file="style.css">\nh1{}\n</style><h1>x</h1>',
    );
  });

  it('keeps inlined code from closing its own element', () => {
    const out = assemblePreview({ 'index.html': '<head></head><body></body>', 'script.js': 'el.innerHTML = "</script><b>";' });
    expect(out).toContain('el.innerHTML = "<\\/script><b>";');
  });

  it('puts the injected script first in <head>, before the site code', () => {
    const out = assemblePreview(
      { 'index.html': index, 'style.css': '', 'script.js': '' },
      { injectScript: 'window.onerror = report;' },
    );
    expect(out.indexOf('<script>window.onerror = report;</script>')).toBe(out.indexOf('<head>') + '<head>'.length);
    expect(assemblePreview({ 'index.html': '<p>x</p>' }, { injectScript: 'a()' })).toBe('<script>a()</script><p>x</p>');
  });

  it('shows another page, inlining what it links', () => {
    const out = assemblePreview(
      { 'index.html': index, 'about.html': '<head><link href="css/extra.css" rel="stylesheet"></head>', 'css/extra.css': 'b{}' },
      { entry: 'about.html' },
    );
    expect(out).toBe('<head><style data-file="css/extra.css">\nb{}\n</style></head>');
  });
});

describe('project files', () => {
  it('lists files with their language, starter files first', () => {
    const files = listProjectFiles({
      'about.html': 'a',
      'script.js': 'b',
      'data.json': '{}',
      'index.html': 'c',
      'style.css': 'd',
    });
    expect(files.map((f) => [f.id, f.language])).toEqual([
      ['index.html', 'html'],
      ['style.css', 'css'],
      ['script.js', 'javascript'],
      ['about.html', 'html'],
      ['data.json', 'json'],
    ]);
    expect(files[0]).toEqual({ id: 'index.html', name: 'index.html', type: 'file', language: 'html', content: 'c' });
    expect(listProjectFiles([{ path: 'img/logo.svg', content: '<svg/>' }])[0]).toMatchObject({
      name: 'logo.svg',
      language: 'xml',
    });
  });

  it('knows the languages', () => {
    expect(languageForPath('a.HTM')).toBe('html');
    expect(languageForPath('a.mjs')).toBe('javascript');
    expect(languageForPath('README.md')).toBe('markdown');
    expect(languageForPath('LICENSE')).toBe('plaintext');
  });
});
