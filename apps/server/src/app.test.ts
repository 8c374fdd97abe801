import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { createTestApp } from './test/app';
import { openTestDatabase, testDrivers } from './test/db';

describe.each(testDrivers)('app on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers health with the database checked', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: driver });
  });

  it('answers a JSON 404 with a message for unknown API routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('sets security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('health when the database is down', () => {
  it('answers 503', async () => {
    const database = await openTestDatabase('pglite');
    const app = await createTestApp(database);
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBeTruthy();
    await app.close();
  });
});

describe('serving the built web app', () => {
  it('sends precompressed assets with long-lived caching and the SPA for unknown paths', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { brotliCompressSync, gunzipSync, gzipSync } = await import('node:zlib');
    const dist = mkdtempSync(path.join(tmpdir(), 'div-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const html = `<!doctype html><title>DIV</title>${'<p>x</p>'.repeat(300)}`;
    const js = `console.log(${JSON.stringify('y'.repeat(4000))});`;
    const spaceHtml = html.replace('<title>DIV</title>', '<title>DIV</title><link rel="modulepreload" href="/assets/editor.js">');
    for (const [file, body] of [
      ['index.html', html],
      ['space.html', spaceHtml],
      ['assets/index-abc123.js', js],
    ] as const) {
      writeFileSync(path.join(dist, file), body);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
    }
    const database = await openTestDatabase('pglite');
    const app = await createTestApp(database, { WEB_DIST: dist });
    try {
      const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.vary).toContain('accept-encoding');

      const page = await app.inject({ url: '/space/123', headers: { 'accept-encoding': 'gzip' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");

      expect(gunzipSync(page.rawPayload).toString()).toBe(spaceHtml);

      // The editor's entry page only for /space/{id} itself; every other page gets index.html.
      expect((await app.inject({ url: '/space/123?x=1' })).body).toBe(spaceHtml);
      for (const url of ['/spaces', '/space/123/extra', '/pricing', '/spacex/1'])
        expect((await app.inject({ url })).body, url).toBe(html);
      const plain = await app.inject({ url: '/pricing' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);

      const missing = await app.inject({ url: '/assets/nope-123.js' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
