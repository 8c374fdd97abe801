import { defaultStarterFiles } from '@div/shared/spaces';
import { describe, expect, it } from 'vitest';
import {
  annotateForPreview,
  applyVisualChange,
  mapSourceElements,
  parseSourceElements,
  parseSourceMark,
  SOURCE_ATTRIBUTE,
} from './visual-source';

const starter = defaultStarterFiles[0]?.content ?? '';

/** A page written the way people and models write them: entities, implied end tags, odd casing, CRLF. */
const landing = [
  '<!doctype html>',
  '<HTML lang="es"><head><meta charset="utf-8"><title>Café &amp; Co</title>',
  '<link rel=stylesheet href="style.css"></head>',
  '<body>',
  '  <header class="top"><a href="/" class=brand>Café &amp; Co</a>',
  '    <nav><ul>',
  '      <li><a href="#menu">Menú</a>',
  '      <li><a href="#horario">Horario</a>',
  '      <li><a href="#contacto" target=_blank>Contacto</a>',
  '    </ul></nav>',
  '  </header>',
  '  <section id="hero" style="padding: 2rem">',
  '    <H1>El mejor café<br>de la ciudad</H1>',
  '    <p class="lead">Tostado cada mañana.</p>',
  '    <button type="button" class="cta">Reserva</button>',
  '    <img src="foto.jpg" alt="Taza">',
  '  </section>',
  '</body></HTML>',
].join('\r\n');

function element(html: string, tag: string, nth = 0) {
  const found = mapSourceElements(html).filter((e) => e.tag === tag)[nth];
  if (!found) throw new Error(`no ${tag}`);
  return found;
}

/** The bytes before `start` and after `end` are the same in both files. */
function onlyChangedWithin(before: string, after: string, start: number, end: number) {
  expect(after.slice(0, start)).toBe(before.slice(0, start));
  expect(after.slice(after.length - (before.length - end))).toBe(before.slice(end));
}

describe('mapSourceElements', () => {
  it('gives every written element its exact source range', () => {
    const h1 = element(starter, 'h1');
    expect(starter.slice(h1.range.start, h1.range.end)).toBe('<h1>Tu sitio empieza aquí</h1>');
    const li = element(landing, 'li', 1);
    // Implied end tag: the element ends with its last child (the white space before the next <li>).
    expect(landing.slice(li.range.start, li.range.end)).toBe('<li><a href="#horario">Horario</a>\r\n      ');
    const heading = element(landing, 'h1');
    expect(heading.textOnly).toBe(false);
    expect(element(landing, 'p').textOnly).toBe(true);
  });
});

describe('annotateForPreview', () => {
  it('marks visible elements with file and ordinal and changes nothing else', () => {
    const marked = annotateForPreview(landing, 'index.html');
    const removed = marked.replace(new RegExp(` ${SOURCE_ATTRIBUTE}="[^"]*"`, 'g'), '');
    expect(removed).toBe(landing);
    const p = element(landing, 'p');
    expect(marked).toContain(`<p ${SOURCE_ATTRIBUTE}="index.html:${p.index}" class="lead">`);
    expect(marked).not.toMatch(/<(?:head|meta|link|title|body|html)\b[^>]*data-div-src/i);
    expect(parseSourceMark(`index.html:${p.index}`)).toEqual({ path: 'index.html', index: p.index });
    expect(parseSourceMark('sin-ordinal')).toBeNull();
  });
});

describe('applyVisualChange', () => {
  it('rewrites only the changed words of a text', () => {
    const h1 = element(starter, 'h1');
    const result = applyVisualChange(starter, h1, { kind: 'text', text: 'Tu web empieza hoy' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.html).toContain('<h1>Tu web empieza hoy</h1>');
    onlyChangedWithin(starter, result.html, h1.inner?.start ?? 0, h1.inner?.end ?? 0);
  });

  it('escapes markup typed as text and keeps character references readable', () => {
    const brand = element(landing, 'a');
    const result = applyVisualChange(landing, brand, { kind: 'text', text: 'Café & Té <3' });
    expect(result.ok && result.html).toContain('class=brand>Café &amp; Té &lt;3</a>');
  });

  it('refuses to write text over an element with children', () => {
    expect(applyVisualChange(landing, element(landing, 'h1'), { kind: 'text', text: 'x' })).toEqual({
      ok: false,
      reason: 'not-text',
    });
  });

  it('refuses a stale target: the ordinal no longer names that tag', () => {
    expect(applyVisualChange(landing, { index: element(landing, 'p').index, tag: 'div' }, { kind: 'delete' })).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('adds, merges and removes inline style declarations in the start tag only', () => {
    const button = element(landing, 'button');
    const red = applyVisualChange(landing, button, { kind: 'style', property: 'background-color', value: '#dc2626' });
    expect(red.ok && red.html).toContain('<button type="button" class="cta" style="background-color: #dc2626">Reserva</button>');
    if (!red.ok) return;
    onlyChangedWithin(landing, red.html, button.startTag.start, button.startTag.end);
    const section = element(landing, 'section');
    const more = applyVisualChange(landing, section, { kind: 'style', property: 'text-align', value: 'center' });
    expect(more.ok && more.html).toContain('<section id="hero" style="padding: 2rem; text-align: center">');
    const none = applyVisualChange(landing, section, { kind: 'style', property: 'padding', value: null });
    expect(none.ok && none.html).toContain('<section id="hero">');
    expect(applyVisualChange(landing, section, { kind: 'style', property: 'color', value: 'red;} body{x:y' }).ok).toBe(false);
  });

  it('sets link addresses and targets, and refuses script addresses and handlers', () => {
    const link = element(landing, 'a', 3);
    const href = applyVisualChange(landing, link, { kind: 'attribute', name: 'href', value: 'https://example.com/?a=1&b="2"' });
    expect(href.ok && href.html).toContain('<a href="https://example.com/?a=1&amp;b=&quot;2&quot;" target=_blank>Contacto</a>');
    const target = applyVisualChange(landing, link, { kind: 'attribute', name: 'target', value: null });
    expect(target.ok && target.html).toContain('<a href="#contacto">Contacto</a>');
    expect(applyVisualChange(landing, link, { kind: 'attribute', name: 'href', value: 'javascript:alert(1)' }).ok).toBe(false);
    expect(applyVisualChange(landing, link, { kind: 'attribute', name: 'onclick', value: 'x()' }).ok).toBe(false);
    const img = element(landing, 'img');
    const alt = applyVisualChange(landing, img, { kind: 'attribute', name: 'alt', value: 'Una taza de café' });
    expect(alt.ok && alt.html).toContain('<img src="foto.jpg" alt="Una taza de café">');
  });

  it('deletes an element with its own line, and duplicates it on a new line', () => {
    const p = element(landing, 'p');
    const gone = applyVisualChange(landing, p, { kind: 'delete' });
    expect(gone.ok && gone.html).toBe(landing.replace('    <p class="lead">Tostado cada mañana.</p>\r\n', ''));
    const twice = applyVisualChange(landing, p, { kind: 'duplicate' });
    expect(twice.ok && twice.html).toBe(
      landing.replace(
        '    <p class="lead">Tostado cada mañana.</p>\r\n',
        '    <p class="lead">Tostado cada mañana.</p>\r\n'.repeat(2),
      ),
    );
  });

  it('moves an element among its siblings, keeping the whitespace between them', () => {
    const button = element(landing, 'button');
    const up = applyVisualChange(landing, button, { kind: 'move', direction: 'up' });
    expect(up.ok && up.html).toContain(
      '<button type="button" class="cta">Reserva</button>\r\n    <p class="lead">Tostado cada mañana.</p>\r\n    <img',
    );
    const first = element(landing, 'h1');
    expect(applyVisualChange(landing, first, { kind: 'move', direction: 'up' })).toEqual({ ok: false, reason: 'no-sibling' });
  });

  it('keeps every other byte the same for a text edit of any text-only element of a page', () => {
    for (const page of [starter, landing]) {
      for (const target of mapSourceElements(page)) {
        const result = applyVisualChange(page, target, { kind: 'text', text: 'Nuevo texto' });
        if (!target.textOnly || !target.inner || ['title', 'script', 'style'].includes(target.tag)) {
          expect(result.ok).toBe(false);
          continue;
        }
        expect(result.ok).toBe(true);
        if (result.ok) onlyChangedWithin(page, result.html, target.inner.start, target.inner.end);
      }
    }
  });

  it('hands on the map of a text edit shifted, equal to parsing the result again', () => {
    for (const [tag, text] of [
      ['h1', 'Tu sitio empieza aquí y sigue'],
      ['h1', 'Ya Tu sitio empieza aquí'],
      ['p', 'Hecho'],
      ['button', 'Saludar <a todos> & más'],
    ] as const) {
      const result = applyVisualChange(starter, element(starter, tag), { kind: 'text', text });
      if (!result.ok) throw new Error(tag);
      expect(mapSourceElements(result.html)).toEqual(parseSourceElements(result.html));
    }
  });
});
