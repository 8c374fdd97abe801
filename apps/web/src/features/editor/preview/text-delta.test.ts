import { describe, expect, it } from 'vitest';
import { applyDelta, textDelta } from './text-delta';

describe('textDelta', () => {
  it('carries only the changed middle of a long text', () => {
    const from = `${'a'.repeat(100_000)}<p>Hola</p>${'b'.repeat(100_000)}`;
    const to = `${'a'.repeat(100_000)}<p>Hola mundo</p>${'b'.repeat(100_000)}`;
    const delta = textDelta(from, to);
    expect(delta).toEqual({ at: 100_007, remove: 0, insert: ' mundo' });
    expect(applyDelta(from, delta)).toBe(to);
  });

  it('handles insertions, deletions and replacements at either end and repeated characters', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['', 'abc'],
      ['abc', ''],
      ['abc', 'abc'],
      ['abc', 'Xabc'],
      ['abc', 'abcX'],
      ['aaaa', 'aaaaa'],
      ['aaaaa', 'aa'],
      ['abcabc', 'abXabc'],
      ['<b>uno</b>', '<i>dos</i>'],
      ['ñandú 🦤', 'ñandú 🦩'],
    ];
    for (const [from, to] of cases) {
      const delta = textDelta(from, to);
      expect(applyDelta(from, delta)).toBe(to);
      expect(delta.at + delta.remove).toBeLessThanOrEqual(from.length);
      expect(delta.insert.length).toBeLessThanOrEqual(to.length);
    }
    expect(textDelta('abc', 'abc')).toEqual({ at: 3, remove: 0, insert: '' });
    expect(textDelta('aaaa', 'aaaaa')).toEqual({ at: 4, remove: 0, insert: 'a' });
  });
});
