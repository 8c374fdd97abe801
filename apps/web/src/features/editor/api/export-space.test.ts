import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './export-space';

describe('filenameFromDisposition', () => {
  it('reads plain, quoted and RFC 5987 names', () => {
    expect(filenameFromDisposition('attachment; filename="mi-sitio.zip"', 'x')).toBe('mi-sitio.zip');
    expect(filenameFromDisposition('attachment; filename=site.html', 'x')).toBe('site.html');
    expect(filenameFromDisposition('attachment; filename="caf.html"; filename*=UTF-8\'\'caf%C3%A9.html', 'x')).toBe('café.html');
    expect(filenameFromDisposition(null, 'fallback.html')).toBe('fallback.html');
  });
});
