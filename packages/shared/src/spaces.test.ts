import { describe, expect, it } from 'vitest';
import {
  defaultStarterFiles,
  exportFormatOf,
  isSafeFilePath,
  languageOf,
  SPACE_NAME_MAX,
  spaceNameSchema,
  utf8Bytes,
} from './spaces';

describe('space contracts', () => {
  it('accepts safe relative paths', () => {
    for (const p of ['index.html', 'about.html', 'css/extra.css', 'img/logo_2.svg', 'a-b/c.d/e.js']) {
      expect(isSafeFilePath(p), p).toBe(true);
    }
  });

  it('rejects traversal, absolute paths, backslashes, control characters and hidden files', () => {
    for (const p of [
      '',
      '../x.html',
      'a/../b.html',
      '/etc/passwd',
      'a\\b.html',
      'a\nb',
      'x\u0000.html',
      '.env',
      'a//b',
      'a/',
      './a',
      `${'a'.repeat(201)}`,
      'a/b/c/d/e/f.html',
      'C:/x',
    ]) {
      expect(isSafeFilePath(p), JSON.stringify(p)).toBe(false);
    }
  });

  it('trims names and bounds their length', () => {
    expect(spaceNameSchema.parse('  Mi web  ')).toBe('Mi web');
    expect(spaceNameSchema.safeParse('   ').success).toBe(false);
    expect(spaceNameSchema.safeParse('x'.repeat(SPACE_NAME_MAX)).success).toBe(true);
    expect(spaceNameSchema.safeParse('x'.repeat(SPACE_NAME_MAX + 1)).success).toBe(false);
  });

  it('knows languages, sizes and export formats', () => {
    expect(languageOf('index.html')).toBe('html');
    expect(languageOf('css/a.css')).toBe('css');
    expect(languageOf('script.js')).toBe('javascript');
    expect(languageOf('README')).toBe('plaintext');
    expect(utf8Bytes('ñ')).toBe(2);
    expect(exportFormatOf('free')).toBe('html');
    expect(exportFormatOf('small')).toBe('zip');
    expect(exportFormatOf('medium')).toBe('zip-history');
    expect(exportFormatOf('pro')).toBe('zip-history');
    expect(exportFormatOf('weird')).toBe('html');
  });

  it('has a starter page linking its stylesheet and script', () => {
    expect(defaultStarterFiles.map((f) => f.path)).toEqual(['index.html', 'style.css', 'script.js']);
    const html = defaultStarterFiles[0]?.content ?? '';
    expect(html).toContain('lang="es"');
    expect(html).toContain('href="style.css"');
    expect(html).toContain('src="script.js"');
  });
});
