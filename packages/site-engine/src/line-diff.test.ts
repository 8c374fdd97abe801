import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

const sides = (rows: ReturnType<typeof lineDiff>) => ({
  old: rows.filter((r) => r.kind !== 'added').map((r) => r.text),
  new: rows.filter((r) => r.kind !== 'removed').map((r) => r.text),
});

describe('lineDiff', () => {
  it('keeps the common lines once and shows a changed line as removed then added', () => {
    expect(
      lineDiff('<h1>Pan</h1>\n<p>Masa madre.</p>\n<p>Abierto.</p>\n', '<h1>Pan</h1>\n<p>Centeno.</p>\n<p>Abierto.</p>\n'),
    ).toEqual([
      { kind: 'same', text: '<h1>Pan</h1>', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: '<p>Masa madre.</p>', oldLine: 2 },
      { kind: 'added', text: '<p>Centeno.</p>', newLine: 2 },
      { kind: 'same', text: '<p>Abierto.</p>', oldLine: 3, newLine: 3 },
    ]);
  });

  it('shows a deleted or new file as all removed or all added', () => {
    expect(lineDiff('a\nb\n', '')).toEqual([
      { kind: 'removed', text: 'a', oldLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2 },
    ]);
    expect(lineDiff('', 'x\n').map((r) => r.kind)).toEqual(['added']);
    expect(lineDiff('a\r\nb\r\n', 'a\nb')).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'same', text: 'b', oldLine: 2, newLine: 2 },
    ]);
  });

  it('reads back both texts, and marks no more lines than differ', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', '<p>', ''), { maxLength: 30 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const rows = lineDiff(before, after);
        const read = sides(rows);
        const lines = (t: string) => (t === '' ? [] : t.replace(/\n$/, '').split('\n'));
        expect(read.old).toEqual(lines(before));
        expect(read.new).toEqual(lines(after));
        if (before === after) expect(rows.every((r) => r.kind === 'same')).toBe(true);
      }),
    );
  });
});
