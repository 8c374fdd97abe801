import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress } from './encoding';

/** Text like a site's stylesheet: compressible, with some randomness. */
function css(bytes: number): Buffer {
  let out = '';
  for (let i = 0; out.length < bytes; i += 1) out += `.c${i}{margin:${i % 17}px;color:#${randomBytes(3).toString('hex')}}\n`;
  return Buffer.from(out.slice(0, bytes));
}

describe('compress', () => {
  it('gives the same bytes as zlib with the same settings, whatever the size', async () => {
    for (const body of [css(300), css(20_000), css(100 * 1024), css(3 * 1024 * 1024), randomBytes(64 * 1024)]) {
      const gz = await compress(body, 'gzip');
      const br = await compress(body, 'br');
      expect(gz.equals(gzipSync(body, { level: 5 }))).toBe(true);
      expect(
        br.equals(
          brotliCompressSync(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ),
      ).toBe(true);
      expect(gunzipSync(gz).equals(body)).toBe(true);
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
    }
  });

  it('does not keep a buffer much larger than the compressed bytes alive (the site cache counts lengths)', async () => {
    // 100 KB of repetitive text compresses to a few KB.
    const body = Buffer.from('<p>Hola, mundo.</p>\n'.repeat(5000));
    for (const encoding of ['gzip', 'br'] as const) {
      const out = await compress(body, encoding);
      expect(out.length).toBeLessThan(4096);
      expect(out.buffer.byteLength).toBeLessThanOrEqual(Math.max(2 * out.length, 8192));
    }
  });
});
