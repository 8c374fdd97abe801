import { applyVisualChange, mapSourceElements } from '@div/site-engine/visual-source';
import { describe, expect, it } from 'vitest';
import { indexAfter } from './moved-mark';

const PAGE = `<!DOCTYPE html><html lang="es"><head><title>t</title></head><body>
<ul>
  <li>Uno <b>fuerte</b></li>
  <li>Dos</li>
  <li>Tres</li>
</ul>
</body></html>`;

/** The element at `index` of a file, as its tag and text (what a person sees selected). */
const at = (html: string, index: number | null) => {
  const element = index === null ? undefined : mapSourceElements(html)[index];
  return element ? html.slice(element.range.start, element.range.end) : null;
};
const indexOf = (html: string, text: string) =>
  mapSourceElements(html).findIndex((e) => html.slice(e.range.start, e.range.end) === text);

describe('indexAfter', () => {
  it('after "Duplicar" names the copy, after the whole original (children included)', () => {
    const first = indexOf(PAGE, '<li>Uno <b>fuerte</b></li>');
    const result = applyVisualChange(PAGE, { index: first, tag: 'li' }, { kind: 'duplicate' });
    if (!result.ok) throw new Error(result.reason);
    const next = indexAfter(mapSourceElements(PAGE), first, { kind: 'duplicate' });
    expect(next).toBe(first + 2);
    expect(at(result.html, next)).toBe('<li>Uno <b>fuerte</b></li>');
    // The original is still where it was: the copy is the second of the two.
    expect(at(result.html, first)).toBe('<li>Uno <b>fuerte</b></li>');
    expect(at(result.html, (next ?? 0) + 2)).toBe('<li>Dos</li>');
  });

  it('after "Mover arriba" and "Mover abajo" names the moved element', () => {
    const dos = indexOf(PAGE, '<li>Dos</li>');
    const up = applyVisualChange(PAGE, { index: dos, tag: 'li' }, { kind: 'move', direction: 'up' });
    if (!up.ok) throw new Error(up.reason);
    expect(at(up.html, indexAfter(mapSourceElements(PAGE), dos, { kind: 'move', direction: 'up' }))).toBe('<li>Dos</li>');
    const first = indexOf(PAGE, '<li>Uno <b>fuerte</b></li>');
    const down = applyVisualChange(PAGE, { index: first, tag: 'li' }, { kind: 'move', direction: 'down' });
    if (!down.ok) throw new Error(down.reason);
    expect(at(down.html, indexAfter(mapSourceElements(PAGE), first, { kind: 'move', direction: 'down' }))).toBe(
      '<li>Uno <b>fuerte</b></li>',
    );
  });

  it('names nothing after a deletion or a move with no sibling that way', () => {
    const first = indexOf(PAGE, '<li>Uno <b>fuerte</b></li>');
    expect(indexAfter(mapSourceElements(PAGE), first, { kind: 'delete' })).toBeNull();
    expect(indexAfter(mapSourceElements(PAGE), first, { kind: 'move', direction: 'up' })).toBeNull();
  });
});
