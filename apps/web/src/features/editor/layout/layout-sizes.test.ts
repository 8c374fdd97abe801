import { describe, expect, it } from 'vitest';
import { clampRatio, clampSidebar, defaultSizes, loadSizes, saveSizes } from './layout-sizes';

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('layout sizes', () => {
  it('keeps the sidebar between 200 and 400 px', () => {
    expect(clampSidebar(50)).toBe(200);
    expect(clampSidebar(320.4)).toBe(320);
    expect(clampSidebar(900)).toBe(400);
  });

  it('keeps both panels at least 100 px wide', () => {
    expect(clampRatio(0.01, 1000)).toBe(0.1);
    expect(clampRatio(0.99, 1000)).toBe(0.9);
    expect(clampRatio(0.4, 1000)).toBe(0.4);
    expect(clampRatio(Number.NaN, 1000)).toBe(defaultSizes.editorRatio);
  });

  it('persists and restores, rejecting bad stored values', () => {
    const storage = memory();
    expect(loadSizes(storage)).toEqual(defaultSizes);
    saveSizes({ sidebar: 300, editorRatio: 0.6 }, storage);
    expect(loadSizes(storage)).toEqual({ sidebar: 300, editorRatio: 0.6 });
    storage.setItem('div_editor_layout', '{"sidebar":9999,"editorRatio":7}');
    expect(loadSizes(storage)).toEqual({ sidebar: 400, editorRatio: defaultSizes.editorRatio });
    storage.setItem('div_editor_layout', 'not json');
    expect(loadSizes(storage)).toEqual(defaultSizes);
  });
});
