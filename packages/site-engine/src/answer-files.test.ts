import { describe, expect, it } from 'vitest';
import { applyAnswer } from './answer';
import { parseOutput } from './parse';

const cssBlock = (search: string, replace: string) =>
  `\`\`\`css\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;

describe('a ```css fence that names no file means the site’s stylesheet', () => {
  it('edits the inline stylesheet of a single-file site, and adds to its end for an empty SEARCH', () => {
    const page =
      '<!DOCTYPE html>\n<html lang="es">\n<head>\n\t<style>\n\t\t.taller { color: #333; }\n\t</style>\n</head>\n<body><h1 class="taller">Taller Ruiz</h1></body>\n</html>\n';
    const changed = applyAnswer(
      { 'index.html': page },
      parseOutput(cssBlock('.taller { color: #333; }\n', '.taller { color: #a33; }\n')),
    );
    expect(changed.ok && changed.files).toEqual({ 'index.html': page.replace('#333', '#a33') });
    const added = applyAnswer({ 'index.html': page }, parseOutput(cssBlock('', 'h1 {\n  font-size: 3rem;\n}\n')));
    expect(added.ok && added.files['index.html']).toBe(
      page.replace('\t</style>', '\t\th1 {\n\t\t  font-size: 3rem;\n\t\t}\n\t</style>'),
    );
  });

  it('goes to the stylesheet the site has under another name, or the one its pages link', () => {
    const one = { 'index.html': '<link rel="stylesheet" href="css/tienda.css">\n', 'css/tienda.css': 'body { margin: 0; }\n' };
    const a = applyAnswer(one, parseOutput(cssBlock('', '.oferta { color: red; }\n')));
    expect(a.ok && a.files).toEqual({ ...one, 'css/tienda.css': 'body { margin: 0; }\n.oferta { color: red; }\n' });
    const two = { ...one, 'css/viejo.css': 'p { color: blue; }\n' };
    const b = applyAnswer(two, parseOutput(cssBlock('body { margin: 0; }\n', 'body { margin: 1rem; }\n')));
    expect(b.ok && b.files['css/tienda.css']).toBe('body { margin: 1rem; }\n');
  });

  it('keeps a named file as named: a fence that names style.css, which the site lacks, creates it', () => {
    const site = { 'index.html': '<html><head><style>p{}</style></head></html>\n' };
    const outcome = applyAnswer(
      site,
      parseOutput('```css style.css\n<<<<<<< SEARCH\n=======\np { margin: 0; }\n>>>>>>> REPLACE\n```\n'),
    );
    expect(outcome.ok && outcome.files['style.css']).toBe('p { margin: 0; }\n');
  });
});
