import { beforeEach, describe, expect, it } from 'vitest';
import { applyTheme, getTheme, setTheme } from './theme';

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.classList.remove('dark');
  });

  it('defaults to system', () => {
    expect(getTheme()).toBe('system');
    localStorage.setItem('div_theme', 'purple');
    expect(getTheme()).toBe('system');
  });

  it('stores the choice and applies the dark class', () => {
    setTheme('dark');
    expect(localStorage.getItem('div_theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    setTheme('light');
    expect(getTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('applies the stored theme on start', () => {
    localStorage.setItem('div_theme', 'dark');
    applyTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
