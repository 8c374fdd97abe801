import { describe, expect, it } from 'vitest';
import { applyEdits, applyEditsToFiles } from './apply-edits';
import { isElisionLine } from './elision';

const nav =
  '<nav>\n  <ul>\n    <li><a href="#inicio">Inicio</a></li>\n    <li><a href="#carta">Carta</a></li>\n  </ul>\n</nav>\n';

describe('one block, one change', () => {
  it('applies a repeated identical block once (a repeated insertion goes in once)', () => {
    const block = {
      search: '    <li><a href="#carta">Carta</a></li>\n',
      replace: '    <li><a href="#carta">Carta</a></li>\n    <li><a href="#contacto">Contacto</a></li>\n',
    };
    const drifted = { search: `  ${block.search.trim()}\n`, replace: block.replace.replace(/"/g, "'") };
    const r = applyEdits(nav, [block, drifted]);
    expect(r.ok).toBe(true);
    expect(r.results.map((x) => x.outcome)).toEqual(['applied_exact', 'repeated']);
    expect(r.content.match(/Contacto/g)).toHaveLength(1);
  });

  it('refuses two blocks that change the same lines differently', () => {
    const r = applyEdits(nav, [
      { search: '    <li><a href="#carta">Carta</a></li>\n', replace: '    <li><a href="#carta">Menú</a></li>\n' },
      { search: '    <li><a href="#carta">Carta</a></li>\n', replace: '    <li><a href="#carta">La carta</a></li>\n' },
    ]);
    expect(r.ok).toBe(false);
    expect(r.results[1]?.outcome).toBe('conflict');
    expect(r.content).toBe(nav);
  });

  it('still applies a block that edits what an earlier block wrote (in order)', () => {
    const r = applyEdits(nav, [
      { search: '    <li><a href="#carta">Carta</a></li>\n', replace: '    <li><a href="#menu">Menú</a></li>\n' },
      { search: '    <li><a href="#menu">Menú</a></li>\n', replace: '    <li><a href="#menu">Menú del día</a></li>\n' },
    ]);
    expect(r.ok).toBe(true);
    expect(r.content).toContain('Menú del día');
  });
});

describe('elisions', () => {
  it('recognises placeholders and not code', () => {
    for (const line of [
      '<!-- ... rest unchanged ... -->',
      '// ... existing code ...',
      '/* resto igual ... */',
      '...',
      '    …',
      '<!-- el resto sin cambios -->',
    ])
      expect(isElisionLine(line), line).toBe(true);
    for (const line of ['<!-- Hero -->', 'const all = [...items];', '// Menú móvil', '<p>Cargando...</p>', '/* Tarjetas */'])
      expect(isElisionLine(line), line).toBe(false);
  });

  it('never writes a placeholder from REPLACE', () => {
    const r = applyEdits(nav, [
      {
        search: '  <ul>\n    <li><a href="#inicio">Inicio</a></li>\n',
        replace: '  <ul class="menu">\n    <!-- ... existing items ... -->\n',
      },
    ]);
    expect(r.results[0]?.outcome).toBe('elision');
    expect(r.content).toBe(nav);
  });

  it('keeps what a placeholder stands for when SEARCH and REPLACE elide the same part around unique anchors', () => {
    const r = applyEdits(nav, [
      {
        search: '<nav>\n  <!-- ... -->\n  </ul>\n',
        replace: '<nav class="top">\n  <!-- ... -->\n  </ul>\n  <button>Menú</button>\n',
      },
    ]);
    expect(r.ok).toBe(true);
    expect(r.content).toBe(
      '<nav class="top">\n  <ul>\n    <li><a href="#inicio">Inicio</a></li>\n    <li><a href="#carta">Carta</a></li>\n  </ul>\n  <button>Menú</button>\n</nav>\n',
    );
  });
});

describe('empty SEARCH', () => {
  it('creates a missing file, appends to a stylesheet, and refuses for an existing page', () => {
    const files = { 'index.html': nav, 'style.css': 'body { margin: 0; }\n' };
    const made = applyEditsToFiles(files, [
      { path: 'style.css', search: '', replace: '.menu { display: flex; }\n' },
      { path: 'about.html', search: '', replace: '<!DOCTYPE html>\n<html></html>\n' },
    ]);
    expect(made.ok).toBe(true);
    expect(made.files['style.css']).toBe('body { margin: 0; }\n.menu { display: flex; }\n');
    expect(made.files['about.html']).toBe('<!DOCTYPE html>\n<html></html>\n');
    const refused = applyEditsToFiles(files, [{ path: 'index.html', search: '', replace: '<p>x</p>\n' }]);
    expect(refused.ok).toBe(false);
    expect(refused.files).toEqual(files);
  });
});

describe('indentation, line by line', () => {
  it('maps a flush-left first line, 2 to 4 space widths and tabs to the file’s style', () => {
    const doc = '<ul>\n\t<li>\n\t\t<a href="#">Uno</a>\n\t</li>\n</ul>\n';
    const r = applyEdits(doc, [
      {
        search: '<li>\n    <a href="#">Uno</a>\n  </li>\n',
        replace: '<li class="on">\n    <a href="#">Uno</a>\n    <span>\n      nuevo\n    </span>\n  </li>\n',
      },
    ]);
    expect(r.ok).toBe(true);
    expect(r.content).toBe(
      '<ul>\n\t<li class="on">\n\t\t<a href="#">Uno</a>\n\t\t<span>\n\t\t\tnuevo\n\t\t</span>\n\t</li>\n</ul>\n',
    );
  });

  it('writes 2-space replacement depth as 4-space depth in a 4-space file', () => {
    const doc = 'main {\n    color: red;\n}\n.card {\n    padding: 1rem;\n}\n';
    const r = applyEdits(doc, [
      { search: '.card {\n  padding: 1rem;\n}\n', replace: '.card {\n  padding: 2rem;\n  margin: 0;\n}\n' },
    ]);
    expect(r.content).toBe('main {\n    color: red;\n}\n.card {\n    padding: 2rem;\n    margin: 0;\n}\n');
  });
});
