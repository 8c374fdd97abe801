import { describe, expect, it } from 'vitest';
import { applyEdits } from './apply-edits';

/** A florist's page, written with typographic quotes, entities and `<br>` as its author typed them. */
const page = [
  '<section id="ramos">',
  '  <h2>Ramos &amp; centros</h2>',
  '  <p title="Lo más pedido">Nuestro “ramo del mes”<br>con flores de temporada</p>',
  '  <p class="precio">25 €</p>',
  '  <a href="#pedido" data-tip=\'Pide "hoy"\'>Pedir</a>',
  '</section>',
  '',
].join('\n');

describe('lines the model only copied keep the file’s bytes', () => {
  it('changes exactly the line the model changed when its copy of the others drifted', () => {
    // The model's copy: straight quotes, a bare "&", a self-closing <br />, other spacing.
    const search = [
      '<section id="ramos">',
      '  <h2>Ramos & centros</h2>',
      '  <p title=\'Lo más pedido\'>Nuestro "ramo del mes"<br />con flores de temporada</p>',
      '  <p class="precio">25 €</p>',
      '  <a href="#pedido" data-tip=\'Pide "hoy"\' >Pedir</a>',
    ];
    const replace = [...search];
    replace[3] = '  <p class="precio">27 €</p>';
    const r = applyEdits(page, [{ search: `${search.join('\n')}\n`, replace: `${replace.join('\n')}\n` }]);
    expect(r.ok).toBe(true);
    expect(r.content).toBe(page.replace('25 €', '27 €'));
  });

  it('keeps copied lines around inserted ones, and re-indents nothing it did not have to', () => {
    const search =
      '  <h2>Ramos & centros</h2>\n  <p title="Lo más pedido">Nuestro "ramo del mes"<br/>con flores de temporada</p>\n';
    const replace =
      '  <h2>Ramos & centros</h2>\n  <p class="nuevo">Envío gratis este mes</p>\n  <p title="Lo más pedido">Nuestro "ramo del mes"<br/>con flores de temporada</p>\n';
    const r = applyEdits(page, [{ search, replace }]);
    expect(r.ok).toBe(true);
    expect(r.content).toBe(page.replace('</h2>\n', '</h2>\n  <p class="nuevo">Envío gratis este mes</p>\n'));
  });

  it('matches "é" composed or decomposed, and writes new text in the file’s own form', () => {
    const nfd = 'Café de especialidad'.normalize('NFD');
    const doc = `<h1>${nfd}</h1>\n<p>Tostado aquí</p>\n`.normalize('NFD');
    const r = applyEdits(doc, [
      {
        search: '<h1>Café de especialidad</h1>\n<p>Tostado aquí</p>\n'.normalize('NFC'),
        replace: '<h1>Café de especialidad</h1>\n<p>Tostado aquí, cada mañana</p>\n'.normalize('NFC'),
      },
    ]);
    expect(r.ok).toBe(true);
    expect(r.content).toBe('<h1>Café de especialidad</h1>\n<p>Tostado aquí, cada mañana</p>\n'.normalize('NFD'));
    const back = applyEdits('<p>Menú del día</p>\n', [
      { search: '<p>Menú del día</p>\n'.normalize('NFD'), replace: '<p>Menú del día: 12 €</p>\n'.normalize('NFD') },
    ]);
    expect(back.content).toBe('<p>Menú del día: 12 €</p>\n'.normalize('NFC'));
  });
});
