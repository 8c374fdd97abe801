import { describe, expect, it } from 'vitest';
import { absoluteTime, relativeTime } from './relative-time';

describe('card times', () => {
  const now = Date.parse('2026-11-27T16:00:00Z');
  it('says how long ago, in Spanish and English', () => {
    expect(relativeTime('2026-11-27T15:57:00Z', 'es', now)).toBe('hace 3 min');
    expect(relativeTime('2026-11-27T15:59:50Z', 'es', now)).toBe('ahora');
    expect(relativeTime('2026-11-26T15:00:00Z', 'es', now)).toBe('ayer');
    expect(relativeTime('2026-11-27T13:00:00Z', 'en', now)).toBe('3 hr. ago');
    expect(relativeTime('nunca', 'es', now)).toBe('');
  });
  it('gives the absolute date for the title', () => {
    expect(absoluteTime('2026-11-27T16:00:00Z', 'es')).toMatch(/27 nov 2026/);
  });
});
