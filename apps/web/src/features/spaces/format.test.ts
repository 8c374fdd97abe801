import { describe, expect, it } from 'vitest';
import { formatCreatedAt } from './format';

describe('formatCreatedAt', () => {
  it('shows the date in es-ES', () => {
    expect(formatCreatedAt('2026-11-21T10:00:00.000Z')).toBe('21 nov 2026');
    expect(formatCreatedAt('nope')).toBe('');
  });
});
