import { describe, expect, it } from 'vitest';
import { codePointPatch } from './text-patch';

/** Applies a patch the way PostgreSQL's overlay does: by characters (code points). */
const apply = (base: string, p: ReturnType<typeof codePointPatch>) => {
  const chars = [...base];
  expect(chars.length).toBe(p.length);
  return [...chars.slice(0, p.at), p.insert, ...chars.slice(p.at + p.remove)].join('');
};

describe('codePointPatch (ADR 0209)', () => {
  it('counts characters, not UTF-16 units, before, inside and after the replacement', () => {
    const base = '🍞 pan <h1>Hola 🥐</h1> fin 🥖';
    const at = base.indexOf('Hola 🥐');
    const patch = codePointPatch('index.html', base, at, 'Hola 🥐'.length, 'Adiós');
    expect(patch).toEqual({ path: 'index.html', at: at - 1, remove: 6, insert: 'Adiós', length: [...base].length });
    expect(apply(base, patch)).toBe('🍞 pan <h1>Adiós</h1> fin 🥖');
  });

  it('takes a whole surrogate pair when the replacement would cut one', () => {
    // Two astral characters that share their first unit: a common-prefix scan stops between the units.
    const base = 'a😀b';
    const to = 'a😁b';
    const at = 2; // after '\ud83d'
    const patch = codePointPatch('p', base, at, 1, to.slice(2, 3));
    expect(patch).toMatchObject({ at: 1, remove: 1, insert: '😁' });
    expect(apply(base, patch)).toBe(to);
    const end = codePointPatch('p', '😀', 0, 1, '\ud83d');
    expect(apply('😀', end)).toBe('😀');
  });
});
