import { describe, expect, it } from 'vitest';
import { OutputParser, type ParseEvent, type ParseResult, type ParserOptions, parseOutput } from './parse';
import { formatEditBlocks, formatFileBlock } from './protocol';

/** Parses one-shot and character by character, checks both agree, and returns the result. */
function parse(text: string, options?: ParserOptions): ParseResult {
  const whole = parseOutput(text, options);
  const parser = new OutputParser(options);
  for (const ch of text) parser.feed(ch);
  parser.end();
  expect(parser.result()).toEqual(whole);
  return whole;
}

function streamEvents(chunks: string[], options?: ParserOptions): ParseEvent[] {
  const parser = new OutputParser(options);
  const events = chunks.flatMap((chunk) => parser.feed(chunk));
  return [...events, ...parser.end()];
}

const doc = '<!DOCTYPE html>\n<html lang="es">\n<body>\n  <h1>Hola</h1>\n</body>\n</html>\n';

describe('whole files', () => {
  it('reads fenced blocks tagged with a path, with prose before and after', () => {
    const text = `Aquí tienes tu sitio.\n\n${formatFileBlock('index.html', doc)}\n${formatFileBlock('style.css', 'h1 { color: red; }')}\n${formatFileBlock('script.js', 'console.log(1);\n')}${formatFileBlock('about.html', '<h1>Sobre</h1>\n')}\n¡Listo!`;
    const result = parse(text);
    expect(result.files).toEqual([
      { path: 'index.html', content: doc, truncated: false },
      { path: 'style.css', content: 'h1 { color: red; }\n', truncated: false },
      { path: 'script.js', content: 'console.log(1);\n', truncated: false },
      { path: 'about.html', content: '<h1>Sobre</h1>\n', truncated: false },
    ]);
    expect(result.prose).toContain('Aquí tienes tu sitio.');
    expect(result.prose).toContain('¡Listo!');
    expect(result.edits).toEqual([]);
  });

  it('accepts the usual ways of naming a file', () => {
    const variants: [string, string][] = [
      ['```html:about.html\n<p>x</p>\n```', 'about.html'],
      ['```about.html\n<p>x</p>\n```', 'about.html'],
      ['```html title="about.html"\n<p>x</p>\n```', 'about.html'],
      ['```html file=about.html\n<p>x</p>\n```', 'about.html'],
      ['**about.html**\n```html\n<p>x</p>\n```', 'about.html'],
      ['### File: `about.html`\n\n```html\n<p>x</p>\n```', 'about.html'],
      ['Este es el archivo about.html actualizado:\n```html\n<p>x</p>\n```', 'about.html'],
      ['```html\nabout.html\n<p>x</p>\n```', 'about.html'],
      ['<<<<<<< START_TITLE about.html >>>>>>> END_TITLE\n```html\n<p>x</p>\n```', 'about.html'],
      ['```html\n<p>x</p>\n```', 'index.html'],
      ['```css\np{}\n```', 'style.css'],
      ['```javascript\nlet a;\n```', 'script.js'],
      ['```\n<!DOCTYPE html>\n<html></html>\n```', 'index.html'],
    ];
    for (const [text, path] of variants) {
      const result = parse(text);
      expect(
        result.files.map((f) => f.path),
        text,
      ).toEqual([path]);
    }
  });

  it('does not let a name in prose override the language of the block', () => {
    const result = parse('He cambiado index.html y style.css:\n```js\nlet a = 1;\n```');
    expect(result.files.map((f) => f.path)).toEqual(['script.js']);
  });

  it('ignores code blocks that are not files (a shell command)', () => {
    const result = parse('Ejecuta:\n```bash\nnpm start\n```\nY ya.');
    expect(result.files).toEqual([]);
    expect(result.prose).toContain('Y ya.');
  });

  it('reads a bare document with prose around it', () => {
    const result = parse(`Claro, aquí está:\n${doc}Espero que te guste.`);
    expect(result.files).toEqual([{ path: 'index.html', content: doc, truncated: false }]);
    expect(result.prose).toContain('Espero que te guste.');
  });

  it('reads a bare document on one line, ending mid-line', () => {
    const result = parse('<!DOCTYPE html><html><body>Hola</body></html> ¡hecho!');
    expect(result.files[0]?.content).toBe('<!DOCTYPE html><html><body>Hola</body></html>\n');
  });

  it('handles CRLF, and a missing final newline', () => {
    const result = parse('```html index.html\r\n<h1>Hola</h1>\r\n<p>x</p>\r\n```');
    expect(result.files).toEqual([{ path: 'index.html', content: '<h1>Hola</h1>\n<p>x</p>\n', truncated: false }]);
    const bare = parse('<!DOCTYPE html>\r\n<html>\r\n</html>');
    expect(bare.files[0]?.content).toBe('<!DOCTYPE html>\n<html>\n</html>\n');
  });

  it('takes a page that reached </html> as whole even without the closing fence', () => {
    expect(parse('```html index.html\n<html><body></body></html>\n').files[0]).toMatchObject({ truncated: false });
  });

  it('marks a file cut off by the end of the answer', () => {
    expect(parse('```html index.html\n<h1>Ho').files).toEqual([{ path: 'index.html', content: '<h1>Ho', truncated: true }]);
    expect(parse('<!DOCTYPE html>\n<html><body>').files[0]).toMatchObject({ truncated: true });
  });

  it('accepts a closing fence glued to the last line, and a block left open before the next one', () => {
    expect(parse('```css style.css\nh1{}```').files[0]).toEqual({ path: 'style.css', content: 'h1{}\n', truncated: false });
    const result = parse('```html index.html\n<p>a</p>\n```css style.css\np{}\n```');
    expect(result.files.map((f) => [f.path, f.content])).toEqual([
      ['index.html', '<p>a</p>\n'],
      ['style.css', 'p{}\n'],
    ]);
  });

  it('keeps the last version of a file written twice', () => {
    const result = parse(`${formatFileBlock('style.css', 'a{}')}${formatFileBlock('style.css', 'b{}')}`);
    expect(result.files).toEqual([{ path: 'style.css', content: 'b{}\n', truncated: false }]);
  });

  it('keeps markdown fences inside a longer fence', () => {
    const result = parse('````md README.md\n# T\n```js\nx\n```\n````');
    expect(result.files[0]?.content).toBe('# T\n```js\nx\n```\n');
  });

  it('refuses paths that leave the project', () => {
    const result = parse('```html ../etc/passwd.html\n<p>x</p>\n```');
    expect(result.files.map((f) => f.path)).toEqual(['index.html']);
  });
});

describe('thinking', () => {
  it('separates <think> text from the answer, tags split across chunks', () => {
    const text = `<think>Primero el encabezado.\nLuego el pie.</think>\n${formatFileBlock('index.html', doc)}`;
    const result = parse(text);
    expect(result.thinking).toBe('Primero el encabezado.\nLuego el pie.');
    expect(result.files[0]?.content).toBe(doc);
    const events = streamEvents(['<thi', 'nk>Prim', 'ero</th', 'ink>ok']);
    expect(events.filter((e) => e.type === 'thinking').map((e) => (e.type === 'thinking' ? e.text : ''))).toEqual([
      'Prim',
      'ero',
    ]);
  });

  it('treats an unclosed <think> as thinking to the end', () => {
    expect(parse('<think>sigo pensando').thinking).toBe('sigo pensando');
  });

  it('takes reasoning from a separate field', () => {
    const parser = new OutputParser();
    expect(parser.feedReasoning('razono')).toEqual([{ type: 'thinking', text: 'razono' }]);
    parser.feed('```css\na{}\n```\n');
    parser.end();
    expect(parser.result().thinking).toBe('razono');
  });

  it('does not treat <think> inside a file as thinking', () => {
    const result = parse('```html index.html\n<p>&lt;think&gt; <think></p>\n```');
    expect(result.thinking).toBe('');
    expect(result.files[0]?.content).toBe('<p>&lt;think&gt; <think></p>\n');
  });
});

describe('edit blocks', () => {
  const blocks = [
    { search: '  <h1>Hola</h1>\n', replace: '  <h1>Adiós</h1>\n' },
    { search: '</body>\n', replace: '  <footer>Pie</footer>\n</body>\n' },
  ];

  it('reads the protocol format', () => {
    const result = parse(
      `Cambio el título.\n${formatEditBlocks('index.html', blocks)}${formatEditBlocks('style.css', [{ search: 'h1 {}\n', replace: '' }])}`,
    );
    expect(result.edits).toEqual([
      { path: 'index.html', ...blocks[0] },
      { path: 'index.html', ...blocks[1] },
      { path: 'style.css', search: 'h1 {}\n', replace: '' },
    ]);
    expect(result.files).toEqual([]);
  });

  it('reads blocks without fences, the path on the line before (Aider style) or none at all', () => {
    const aider = parse('style.css\n<<<<<<< SEARCH\na{}\n=======\nb{}\n>>>>>>> REPLACE\n\nHecho.');
    expect(aider.edits).toEqual([{ path: 'style.css', search: 'a{}\n', replace: 'b{}\n' }]);
    expect(aider.prose).toContain('Hecho.');
    const bare = parse('<<<<<<< SEARCH\na{}\n=======\nb{}\n>>>>>>> REPLACE', { defaultPath: 'style.css' });
    expect(bare.edits).toEqual([{ path: 'style.css', search: 'a{}\n', replace: 'b{}\n' }]);
  });

  it('reads the path inside the fence, several files in one fence, and a path after SEARCH', () => {
    const text =
      '```\nindex.html\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\nstyle.css\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n<<<<<<< SEARCH script.js\ne\n=======\nf\n>>>>>>> REPLACE\n```';
    expect(parse(text).edits.map((e) => e.path)).toEqual(['index.html', 'style.css', 'script.js']);
  });

  it('sends an unnamed html fence to the active file when it is an html file', () => {
    const text = '```html\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```';
    expect(parse(text, { defaultPath: 'about.html' }).edits[0]?.path).toBe('about.html');
    expect(parse(text, { defaultPath: 'style.css' }).edits[0]?.path).toBe('index.html');
  });

  it('accepts marker variations: CRLF, no final newline, indented or longer markers, missing REPLACE marker', () => {
    expect(parse('<<<<<<< SEARCH\r\na\r\n=======\r\nb\r\n>>>>>>> REPLACE').edits).toEqual([
      { path: 'index.html', search: 'a\n', replace: 'b\n' },
    ]);
    expect(parse('  <<<<<<<< SEARCH\na\n  ========\nb\n  >>>>>>>> REPLACE\n').edits).toHaveLength(1);
    const missing = parse('```css style.css\n<<<<<<< SEARCH\na\n=======\nb\n<<<<<<< SEARCH\nc\n=======\nd\n```');
    expect(missing.edits).toEqual([
      { path: 'style.css', search: 'a\n', replace: 'b\n' },
      { path: 'style.css', search: 'c\n', replace: 'd\n' },
    ]);
  });

  it('keeps empty lines and deletions', () => {
    const result = parse('<<<<<<< SEARCH\n\n  <p>x</p>\n\n=======\n>>>>>>> REPLACE\n');
    expect(result.edits).toEqual([{ path: 'index.html', search: '\n  <p>x</p>\n\n', replace: '' }]);
  });

  it('drops a block cut off before its end marker, with a warning', () => {
    const result = parse('<<<<<<< SEARCH\na\n=======\nb');
    expect(result.edits).toEqual([]);
    expect(result.warnings[0]).toMatch(/cut off/);
  });

  it('emits each block as soon as its end marker arrives', () => {
    const parser = new OutputParser();
    expect(parser.feed('<<<<<<< SEARCH\na\n=======\nb\n')).toEqual([]);
    expect(parser.feed('>>>>>>> REPLACE\n')).toEqual([
      { type: 'edit', block: { path: 'index.html', search: 'a\n', replace: 'b\n' } },
    ]);
  });
});

describe('streaming events', () => {
  it('starts a file, streams its content as it arrives and completes it', () => {
    // The first line of a block decides whether it holds a file or edits: one starting with '<' may
    // still become a SEARCH marker, so it arrives whole.
    const events = streamEvents(['Texto\n```html index.html\n<h1>Ho', 'la</h1>\n<p>', 'x</p>\n``', '`\n']);
    expect(events).toEqual([
      { type: 'file-start', path: 'index.html' },
      { type: 'file-delta', path: 'index.html', text: '<h1>Hola</h1>\n<p>' },
      { type: 'file-delta', path: 'index.html', text: 'x</p>\n' },
      { type: 'file-complete', file: { path: 'index.html', content: '<h1>Hola</h1>\n<p>x</p>\n', truncated: false } },
    ]);
  });

  it('starts a named block or a document with its first token, not at the end of its first line', () => {
    const named = new OutputParser();
    expect(named.feed('```js script.js\n')).toEqual([]);
    expect(named.feed('const a')).toEqual([
      { type: 'file-start', path: 'script.js' },
      { type: 'file-delta', path: 'script.js', text: 'const a' },
    ]);
    const doc = new OutputParser();
    doc.feed('```html\n<!DOC');
    expect(doc.feed('TYPE html><html')).toEqual([
      { type: 'file-start', path: 'index.html' },
      { type: 'file-delta', path: 'index.html', text: '<!DOCTYPE html><html' },
    ]);
    // Undecided until the line ends: a possible marker, and a possible file-name line.
    const marker = new OutputParser();
    expect(marker.feed('```html index.html\n<<<<<<< SEA')).toEqual([]);
    expect(marker.feed('RCH\n<p>a</p>\n=======\n<p>b</p>\n>>>>>>> REPLACE\n```\n').map((e) => e.type)).toEqual(['edit']);
    const unnamed = new OutputParser();
    expect(unnamed.feed('```css\nabout')).toEqual([]);
  });

  it('streams a bare document before its first line is complete', () => {
    const parser = new OutputParser();
    expect(parser.feed('<!DOCTYPE html><html><bo')).toEqual([
      { type: 'file-start', path: 'index.html' },
      { type: 'file-delta', path: 'index.html', text: '<!DOCTYPE html><html><bo' },
    ]);
    expect(parser.feed('dy></body></ht')).toEqual([{ type: 'file-delta', path: 'index.html', text: 'dy></body>' }]);
  });

  it('concatenated deltas equal the completed file', () => {
    const text = `<think>a</think>${formatFileBlock('index.html', doc)}${formatFileBlock('style.css', 'p{}\r\n')}`;
    const events = streamEvents(text.match(/[\s\S]{1,5}/g) ?? []);
    const deltas = new Map<string, string>();
    for (const e of events) if (e.type === 'file-delta') deltas.set(e.path, (deltas.get(e.path) ?? '') + e.text);
    for (const e of events) if (e.type === 'file-complete') expect(deltas.get(e.file.path)).toBe(e.file.content);
  });

  it('stays linear on long lines streamed in tiny chunks (a minified page inside an edit block)', () => {
    const line = `<div>${'x'.repeat(200_000)}</div>`;
    const text = `\`\`\`html index.html\n<<<<<<< SEARCH\n${line}\n=======\n${line}\n>>>>>>> REPLACE\n\`\`\`\nY una frase ${'larga '.repeat(20_000)}\n`;
    const started = performance.now();
    const parser = new OutputParser();
    for (let i = 0; i < text.length; i += 4) parser.feed(text.slice(i, i + 4));
    parser.end();
    expect(performance.now() - started).toBeLessThan(3000);
    expect(parser.result()).toEqual(parseOutput(text));
    expect(parser.result().edits[0]?.search).toBe(`${line}\n`);
  });

  it('streams a minified one-line page as it arrives', () => {
    const parser = new OutputParser();
    parser.feed('<!DOCTYPE html><html><body>');
    const events = parser.feed('<p>hola</p>'.repeat(10));
    expect(events).toEqual([{ type: 'file-delta', path: 'index.html', text: '<p>hola</p>'.repeat(10) }]);
  });
});
