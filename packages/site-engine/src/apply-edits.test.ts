import { describe, expect, it } from 'vitest';
import { applyEdits, applyEditsToFiles, describeFailures } from './apply-edits';
import { parseOutput } from './parse';
import { formatEditBlocks } from './protocol';

const page = `<!DOCTYPE html>
<html lang="es">
  <head>
    <title>Panadería</title>
  </head>
  <body>
    <header class="hero">
      <h1 class="title">Pan &amp; dulces</h1>
      <p class='lead'>El mejor pan del barrio</p>
    </header>
    <section>
      <p>Abierto</p>
    </section>
    <section>
      <p>Abierto</p>
    </section>
  </body>
</html>
`;

describe('exact matching', () => {
  it('replaces the one place the SEARCH lines stand', () => {
    const r = applyEdits(page, [
      { search: '      <h1 class="title">Pan &amp; dulces</h1>\n', replace: '      <h1 class="title">Pan y más</h1>\n' },
    ]);
    expect(r.ok).toBe(true);
    expect(r.results).toEqual([{ index: 0, outcome: 'applied_exact', lines: [8, 8] }]);
    expect(r.content).toBe(page.replace('Pan &amp; dulces', 'Pan y más'));
  });

  it('applies several blocks, in any order, each against the text the model saw', () => {
    const r = applyEdits(page, [
      { search: '    <title>Panadería</title>\n', replace: '    <title>Panadería Sol</title>\n' },
      { search: '    <header class="hero">\n', replace: '    <header class="hero dark">\n' },
    ]);
    expect(r.results.map((x) => x.outcome)).toEqual(['applied_exact', 'applied_exact']);
    expect(r.content).toContain('<title>Panadería Sol</title>');
    expect(r.content).toContain('<header class="hero dark">');
  });

  it('finds text written by an earlier block', () => {
    const r = applyEdits(page, [
      { search: '    <title>Panadería</title>\n', replace: '    <title>Nueva</title>\n' },
      { search: '    <title>Nueva</title>\n', replace: '    <title>Nueva 2</title>\n' },
    ]);
    expect(r.ok).toBe(true);
    expect(r.content).toContain('<title>Nueva 2</title>');
  });

  it('deletes whole lines when REPLACE is empty, and inserts lines', () => {
    const r = applyEdits(page, [
      { search: "      <p class='lead'>El mejor pan del barrio</p>\n", replace: '' },
      { search: '  <head>\n', replace: '  <head>\n    <meta charset="utf-8">\n' },
    ]);
    expect(r.content).not.toContain('El mejor pan');
    expect(r.content).toContain('  <head>\n    <meta charset="utf-8">\n    <title>');
    expect(r.content.split('\n')).toHaveLength(page.split('\n').length);
  });

  it('reports an exact match that occurs twice as ambiguous and changes nothing', () => {
    const r = applyEdits(page, [{ search: '      <p>Abierto</p>\n', replace: '      <p>Cerrado</p>\n' }]);
    expect(r.results).toEqual([{ index: 0, outcome: 'ambiguous', candidates: [12, 15] }]);
    expect(r.content).toBe(page);
    expect(r.changed).toBe(false);
  });

  it('keeps CRLF line endings and a missing final newline', () => {
    const crlf = 'a\r\nb\r\nc';
    const r = applyEdits(crlf, [{ search: 'b\n', replace: 'B\nB2\n' }]);
    expect(r.content).toBe('a\r\nB\r\nB2\r\nc');
    expect(applyEdits('a\nb', [{ search: 'b', replace: 'c' }]).content).toBe('a\nc');
    expect(applyEdits('a\nb', [{ search: 'b\n', replace: '' }]).content).toBe('a');
  });

  it('creates content in an empty file from an empty SEARCH, appends when asked, and refuses an empty SEARCH elsewhere', () => {
    expect(applyEdits('', [{ search: '', replace: 'p{}\n' }]).content).toBe('p{}\n');
    expect(applyEdits(page, [{ search: '\n', replace: 'x\n' }]).results[0]?.outcome).toBe('exists');
    expect(applyEdits('a {}\n', [{ search: '', replace: 'b {}\n' }], { emptySearch: 'append' }).content).toBe('a {}\nb {}\n');
  });
});

describe('tolerant matching', () => {
  it('accepts re-indented SEARCH text and keeps the file’s indentation in the replacement', () => {
    const r = applyEdits(page, [
      {
        search: '<header class="hero">\n  <h1 class="title">Pan &amp; dulces</h1>\n',
        replace: '<header class="hero">\n  <h1 class="title">Hola</h1>\n  <p>Nuevo</p>\n',
      },
    ]);
    expect(r.results[0]?.outcome).toBe('applied_tolerant');
    expect(r.content).toContain(
      '    <header class="hero">\n      <h1 class="title">Hola</h1>\n      <p>Nuevo</p>\n      <p class=',
    );
  });

  it('accepts tabs for spaces, collapsed or trimmed whitespace and missing blank lines', () => {
    const r = applyEdits('<ul>\n    <li>a</li>\n\n    <li>b</li>\n</ul>\n', [
      { search: '\t<li>a</li>\n\t<li>b</li>  \n', replace: '\t<li>c</li>\n' },
    ]);
    expect(r.results[0]?.outcome).toBe('applied_tolerant');
    expect(r.content).toBe('<ul>\n    <li>c</li>\n</ul>\n');
  });

  it('accepts quote and entity differences', () => {
    const r = applyEdits(page, [
      {
        search: '<h1 class=\'title\'>Pan & dulces</h1>\n<p class="lead">El mejor pan del barrio</p>\n',
        replace: '<h1 class="title">Pan</h1>\n',
      },
    ]);
    expect(r.results[0]?.outcome).toBe('applied_tolerant');
    expect(r.content).toContain('    <header class="hero">\n      <h1 class="title">Pan</h1>\n    </header>');
  });

  it('still refuses a tolerant match found in two places', () => {
    const r = applyEdits(page, [{ search: '<p>Abierto</p>\n</section>\n', replace: '' }]);
    expect(r.results[0]?.outcome).toBe('ambiguous');
  });

  it('drops blank edge lines of REPLACE that only mirror those of SEARCH', () => {
    const r = applyEdits('a\nb\nc\n', [{ search: '\n  b\n\n', replace: '\n  B\n\n' }]);
    expect(r.content).toBe('a\nB\nc\n');
  });
});

describe('fragments of lines', () => {
  it('replaces a SEARCH text that is part of a line when it occurs once', () => {
    const css = 'h1 { color: red; margin: 0; }\np { color: red; }\n';
    const r = applyEdits(css, [{ search: 'color: red; margin: 0;\n', replace: 'color: blue; margin: 0;\n' }]);
    expect(r.results[0]).toEqual({ index: 0, outcome: 'applied_exact', lines: [1, 1] });
    expect(r.content).toBe('h1 { color: blue; margin: 0; }\np { color: red; }\n');
  });

  it('handles text that starts and ends mid-line, and CRLF files', () => {
    const r = applyEdits('<p>Hola <b>mundo</b></p>\n<div>\n  <span>fin</span>\n</div>\n', [
      { search: '<b>mundo</b></p>\n<div>\n  <span>fin', replace: '<b>MUNDO</b></p>\n<div>\n  <span>FIN' },
    ]);
    expect(r.content).toBe('<p>Hola <b>MUNDO</b></p>\n<div>\n  <span>FIN</span>\n</div>\n');
    expect(applyEdits('a\r\nh1 { color: red; }\r\n', [{ search: 'color: red;', replace: 'color: blue;' }]).content).toBe(
      'a\r\nh1 { color: blue; }\r\n',
    );
  });

  it('refuses a fragment found twice or too short to be meaningful', () => {
    const css = 'p { color: red; }\nh1 { color: red; }\n';
    expect(applyEdits(css, [{ search: 'color: red;', replace: 'color: blue;' }]).results[0]).toMatchObject({
      outcome: 'ambiguous',
      candidates: [1, 2],
    });
    expect(applyEdits('<p>ab</p>\n', [{ search: 'ab', replace: 'cd' }]).results[0]?.outcome).toBe('not_found');
  });
});

describe('tolerance covers formatting, never words or numbers', () => {
  it('refuses a SEARCH text whose words drifted, and tells where the closest text is', () => {
    const r = applyEdits(page, [
      {
        search:
          '    <header class="hero">\n      <h1 class="title">Pan y dulces</h1>\n      <p class="lead">El mejor pan del barrio.</p>\n',
        replace: '    <header class="hero">\n      <h1>Nuevo</h1>\n',
      },
    ]);
    expect(r.results[0]?.outcome).toBe('not_found');
    expect(r.results[0]?.closest?.lines).toEqual([7, 9]);
    expect(r.content).toBe(page);
  });

  it('refuses a SEARCH text far from anything', () => {
    const r = applyEdits(page, [
      { search: '<header class="hero">\n<h2>Otra cosa distinta</h2>\n<div>nada</div>\n', replace: '' },
    ]);
    expect(r.results[0]?.outcome).toBe('not_found');
    expect(r.content).toBe(page);
  });

  it('never picks one of two near-duplicates for a SEARCH that matches neither', () => {
    const doc = 'x\n<p>Abierto hoy</p>\n<p>desde las 8</p>\ny\n<p>Abierto hoy</p>\n<p>desde las 9</p>\nz\n';
    const r = applyEdits(doc, [{ search: '<p>Abierto hoy</p>\n<p>desde las 10</p>\n', replace: '' }]);
    expect(r.results[0]?.outcome).toBe('not_found');
    expect(r.content).toBe(doc);
  });

  it('accepts attribute order, <br /> and a tag wrapped over several lines', () => {
    const doc = '<div>\n  <a href="/menu" class="btn primary">Ver carta</a><br>\n  <img src="a.png" alt="Pan">\n</div>\n';
    const r = applyEdits(doc, [
      {
        search: "  <a class='btn primary' href='/menu'>Ver carta</a><br />\n",
        replace: '  <a class="btn" href="/menu">Carta</a><br>\n',
      },
      { search: '  <img\n    src="a.png"\n    alt="Pan"\n  >\n', replace: '  <img src="b.png" alt="Pan">\n' },
    ]);
    expect(r.ok).toBe(true);
    expect(r.content).toBe('<div>\n  <a class="btn" href="/menu">Carta</a><br>\n  <img src="b.png" alt="Pan">\n</div>\n');
  });

  it('stays bounded on a large document with no similar text', () => {
    const big = Array.from({ length: 20_000 }, (_, i) => `<div class="row-${i}">contenido número ${i}</div>`).join('\n');
    const started = performance.now();
    const r = applyEdits(big, [{ search: 'algo que no existe en absoluto\ny tampoco esto\n', replace: '' }]);
    expect(r.results[0]?.outcome).toBe('not_found');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('all or nothing', () => {
  it('returns the file unchanged when any block fails, with each outcome', () => {
    const r = applyEdits(page, [
      { search: '    <title>Panadería</title>\n', replace: '    <title>X</title>\n' },
      { search: '<nav>no existe</nav>\n', replace: '' },
    ]);
    expect(r.ok).toBe(false);
    expect(r.content).toBe(page);
    expect(r.results.map((x) => x.outcome)).toEqual(['applied_exact', 'not_found']);
  });

  it('can apply what matched when asked to', () => {
    const r = applyEdits(
      page,
      [
        { search: '    <title>Panadería</title>\n', replace: '    <title>X</title>\n' },
        { search: '<nav>no</nav>\n', replace: '' },
      ],
      {
        allOrNothing: false,
      },
    );
    expect(r.ok).toBe(false);
    expect(r.content).toContain('<title>X</title>');
  });

  it('describes failures for the model', () => {
    const blocks = [
      { search: '      <p>Abierto</p>\n', replace: '' },
      { search: '<header class="hero">\n<h2>Otra cosa distinta</h2>\n', replace: '' },
    ];
    const r = applyEdits(page, blocks);
    const text = describeFailures('index.html', blocks, r.results);
    expect(text).toContain('2 of 2 SEARCH/REPLACE block(s) for index.html could not be applied');
    expect(text).toContain('Block 1: its SEARCH text matches 2 places (starting at lines 12, 15)');
    expect(text).toContain('Block 2: its SEARCH text was not found. The closest lines are');
    expect(describeFailures('index.html', [], [])).toBe('');
  });

  it('applies a parsed answer across files, and keeps every file when one fails', () => {
    const files = { 'index.html': page, 'style.css': 'h1 {\n  color: red;\n}\n' };
    const answer = `${formatEditBlocks('index.html', [{ search: '    <title>Panadería</title>\n', replace: '    <title>Sol</title>\n' }])}${formatEditBlocks('style.css', [{ search: '  color: red;\n', replace: '  color: blue;\n' }])}`;
    const ok = applyEditsToFiles(files, parseOutput(answer).edits);
    expect(ok.ok).toBe(true);
    expect(ok.files['style.css']).toBe('h1 {\n  color: blue;\n}\n');
    expect(ok.files['index.html']).toContain('<title>Sol</title>');

    const bad = applyEditsToFiles(files, [
      ...parseOutput(answer).edits,
      { path: 'style.css', search: 'p { margin: 0; }\n', replace: '' },
    ]);
    expect(bad.ok).toBe(false);
    expect(bad.files).toEqual(files);
    expect(bad.failures).toContain('style.css');
    expect(bad.byPath.find((f) => f.path === 'index.html')?.ok).toBe(true);
  });

  it('creates a missing file from an empty SEARCH and refuses other edits to it', () => {
    expect(applyEditsToFiles({}, [{ path: 'about.html', search: '', replace: '<h1>Sobre</h1>\n' }]).files).toEqual({
      'about.html': '<h1>Sobre</h1>\n',
    });
    const r = applyEditsToFiles({}, [{ path: 'about.html', search: '<h1>x</h1>\n', replace: '' }]);
    expect(r.ok).toBe(false);
    expect(r.failures).toContain('about.html');
  });

  it('finds re-indented blocks in a large page full of repeated class names, and refuses repeated ones', () => {
    const rows = Array.from(
      { length: 3000 },
      (_, i) =>
        `      <article class="card">\n        <h3 class="card-title">Producto ${i}</h3>\n        <p class="card-text">Descripción del producto</p>\n      </article>`,
    );
    const big = `<main>\n${rows.join('\n')}\n</main>\n`;
    const moved = applyEdits(big, [
      {
        search: '<h3 class="card-title">Producto 1234</h3>\n<p class="card-text">Descripción del producto</p>\n',
        replace: '<h3 class="card-title">Pan</h3>\n',
      },
    ]);
    expect(moved.results[0]).toMatchObject({ outcome: 'applied_tolerant' });
    expect(moved.content).toContain('        <h3 class="card-title">Pan</h3>\n      </article>');
    expect(moved.content).not.toContain('Producto 1234<');
    const repeated = applyEdits(big, [
      { search: '<p class="card-text">Descripción del producto</p>\n</article>\n', replace: '' },
    ]);
    expect(repeated.results[0]?.outcome).toBe('ambiguous');
  });

  it('matches tolerantly even when the SEARCH text has no word to anchor on', () => {
    const r = applyEdits('a {\n  b: 1;\n}\n\nc {\n  d: 2;\n    }\n', [{ search: '  }\n', replace: '}\n' }]);
    expect(r.results[0]?.outcome).toBe('ambiguous');
    const one = applyEdits('x\n  ;;\ny\n', [{ search: ';;\n', replace: ';\n' }]);
    expect(one.results[0]?.outcome).toBe('applied_tolerant');
    expect(one.content).toBe('x\n  ;\ny\n');
  });
});
