import { describe, expect, it } from 'vitest';
import { checkScope, findScope } from './scope-check';
import { mapSourceElements } from './visual-source';

const html = `<!DOCTYPE html>
<html lang="es">
<head><link rel="stylesheet" href="style.css"></head>
<body>
  <header><h1 class="title">Estudio Norte</h1></header>
  <main>
    <section class="hero">
      <p class="lead">Arquitectura con luz natural.</p>
      <button id="reservar" class="btn primary"><span class="icon">→</span> Reservar</button>
      <button class="btn">Ver proyectos</button>
    </section>
  </main>
</body>
</html>
`;
const css = `.btn { padding: 1rem; background: #111; }
.title { font-size: 3rem; }
@media (max-width: 600px) {
  .btn { padding: 0.5rem; }
}
`;
const files = { 'index.html': html, 'style.css': css, 'script.js': 'console.log(1);\n' };
const markOf = (tag: string, nth = 0) => `index.html:${mapSourceElements(html).filter((e) => e.tag === tag)[nth]?.index}`;
const scope = () => {
  const found = findScope(files, markOf('button'), 'button');
  if (!found) throw new Error('no scope');
  return found;
};

describe('findScope', () => {
  it('names the element by its mark, with its lines and source excerpt', () => {
    expect(scope()).toMatchObject({ path: 'index.html', tag: 'button', lines: [9, 9] });
    expect(scope().excerpt).toBe('<button id="reservar" class="btn primary"><span class="icon">→</span> Reservar</button>');
    expect(findScope(files, markOf('button'), 'p')).toBeNull();
    expect(findScope(files, 'about.html:3')).toBeNull();
  });
});

describe('checkScope', () => {
  it('accepts a change inside the element and rules only it (or what is inside it) matches', () => {
    const inside = html.replace('class="btn primary">', 'class="btn primary" style="background: red">');
    expect(checkScope(files, { ...files, 'index.html': inside }, scope())).toEqual([]);
    const own = `${css}#reservar { background: #dc2626; }\n.hero .primary .icon { color: white; }\n`;
    expect(checkScope(files, { ...files, 'style.css': own }, scope())).toEqual([]);
  });

  it('flags a rule that recolours every button of the site', () => {
    const all = css.replace('.btn { padding: 1rem; background: #111; }', '.btn { padding: 1rem; background: red; }');
    expect(checkScope(files, { ...files, 'style.css': all }, scope())).toEqual([
      'style.css: «.btn» también afecta a 1 elemento(s) más',
    ]);
    const tags = `${css}button { color: red; }\n`;
    expect(checkScope(files, { ...files, 'style.css': tags }, scope())).toEqual([
      'style.css: «button» también afecta a 1 elemento(s) más',
    ]);
  });

  it('flags rules inside media queries and rules that match nothing of the element', () => {
    const media = css.replace('.btn { padding: 0.5rem; }', '.btn { padding: 0.25rem; }');
    expect(checkScope(files, { ...files, 'style.css': media }, scope())).toHaveLength(1);
    const elsewhere = css.replace('.title { font-size: 3rem; }', '.title { font-size: 4rem; }');
    expect(checkScope(files, { ...files, 'style.css': elsewhere }, scope())).toEqual([
      'style.css: «.title» también afecta a 1 elemento(s) más',
    ]);
    const none = `${css}.card { color: red; }\n`;
    expect(checkScope(files, { ...files, 'style.css': none }, scope())).toEqual([
      'style.css: «.card» no se aplica al elemento seleccionado',
    ]);
  });

  it('flags HTML changed outside the element, other files and new pages', () => {
    const heading = html.replace('Estudio Norte', 'Estudio Sur').replace('> Reservar<', '> Reserva ya<');
    expect(checkScope(files, { ...files, 'index.html': heading }, scope())).toEqual([
      'index.html: línea 5 («<header><h1 class="title">Estudio Norte</h1></header>»)',
    ]);
    const more = { ...files, 'script.js': 'alert(1);\n', 'about.html': '<h1>Hola</h1>' };
    expect(checkScope(files, more, scope())).toEqual(['script.js', 'about.html (archivo nuevo)']);
  });
});
