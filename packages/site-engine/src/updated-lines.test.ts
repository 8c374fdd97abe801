import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeUpdatedLines, computeUpdatedLinesForFiles } from './updated-lines';

describe('computeUpdatedLines', () => {
  it('marks changed and inserted lines of the new text, merged into ranges', () => {
    expect(computeUpdatedLines('a\nb\nc\nd\n', 'a\nB\nc\nd\n')).toEqual([[2, 2]]);
    expect(computeUpdatedLines('a\nb\nc\n', 'a\nb\nx\ny\nc\n')).toEqual([[3, 4]]);
    expect(computeUpdatedLines('a\nb\nc\nd\n', 'x\na\nc\nd\ny\n')).toEqual([
      [1, 1],
      [5, 5],
    ]);
    expect(computeUpdatedLines('a\nb\nc\n', 'A\nB\nC\n')).toEqual([[1, 3]]);
  });

  it('has nothing to mark for pure deletions, identical text, or line-ending differences', () => {
    expect(computeUpdatedLines('a\nb\nc\n', 'a\nc\n')).toEqual([]);
    expect(computeUpdatedLines('a\nb\n', 'a\nb\n')).toEqual([]);
    expect(computeUpdatedLines('a\r\nb\r\n', 'a\nb')).toEqual([]);
  });

  it('marks a whole new file', () => {
    expect(computeUpdatedLines('', 'x\ny\n')).toEqual([[1, 2]]);
    expect(computeUpdatedLines('a\n', '')).toEqual([]);
  });

  it('is fast on a 500 KB document with a few changes', () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => `    <div class="row">Fila número ${i} con algo de texto</div>`);
    const changed = [...lines];
    changed[100] = '    <div>cambiada</div>';
    changed.splice(6000, 0, '    <p>nueva</p>', '    <p>otra</p>');
    changed.splice(11_000, 3);
    const started = performance.now();
    const ranges = computeUpdatedLines(lines.join('\n'), changed.join('\n'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(ranges).toEqual([
      [101, 101],
      [6001, 6002],
    ]);
  });

  it('falls back to one range when the texts differ everywhere', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    expect(computeUpdatedLines(a, b)).toEqual([[1, 3000]]);
  });

  it('per file: new and changed files only', () => {
    expect(
      computeUpdatedLinesForFiles(
        { 'index.html': 'a\n', 'style.css': 'p{}\n' },
        { 'index.html': 'a\n', 'style.css': 'p{}\nh1{}\n', 'about.html': 'x\n' },
      ),
    ).toEqual({
      'style.css': [[2, 2]],
      'about.html': [[1, 1]],
    });
  });

  it('the unmarked lines are a longest common subsequence with the old text', () => {
    const lineArb = fc.constantFrom('a', 'b', 'c', 'd', '');
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 25 }), fc.array(lineArb, { maxLength: 25 }), (a, b) => {
        const oldText = a.map((l) => `${l}\n`).join('');
        const newText = b.map((l) => `${l}\n`).join('');
        const marked = new Set<number>();
        for (const [s, e] of computeUpdatedLines(oldText, newText)) for (let i = s; i <= e; i++) marked.add(i - 1);
        const kept = b.filter((_, i) => !marked.has(i));
        // kept is a subsequence of a ...
        let j = 0;
        for (const line of a) if (j < kept.length && kept[j] === line) j++;
        expect(j).toBe(kept.length);
        // ... and as long as the longest one, so nothing is marked needlessly.
        const w = b.length + 1;
        const lcs = new Array<number>((a.length + 1) * w).fill(0);
        const at = (x: number, y: number) => lcs[x * w + y] ?? 0;
        for (let x = 1; x <= a.length; x++) {
          for (let y = 1; y <= b.length; y++)
            lcs[x * w + y] = a[x - 1] === b[y - 1] ? at(x - 1, y - 1) + 1 : Math.max(at(x - 1, y), at(x, y - 1));
        }
        expect(kept.length).toBe(at(a.length, b.length));
      }),
      { numRuns: 500 },
    );
  });
});
