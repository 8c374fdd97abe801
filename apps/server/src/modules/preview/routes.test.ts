import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/db';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('preview host', () => {
  it('serves the frame page sandboxed by its own CSP, allowing inline code and framing by the app only', async () => {
    const res = await app.inject({ method: 'GET', url: '/preview/frame' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-scripts allow-forms allow-popups allow-modals;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("script-src * data: blob: 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.body).toContain("type: 'host-ready'");
    // The app's own pages keep their strict policy.
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('shows a posted document in a new window only for same-origin posts, sandboxed', async () => {
    const html = '<!DOCTYPE html><h1>Hola</h1><script>document.title = "x"</script>';
    const payload = new URLSearchParams({ html }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const ok = await app.inject({
      method: 'POST',
      url: '/preview/window',
      headers: { ...headers, 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe(html);
    expect(String(ok.headers['content-security-policy'])).toMatch(/^sandbox allow-scripts/);
    expect(ok.headers['cache-control']).toBe('no-store');

    const crossSite = await app.inject({
      method: 'POST',
      url: '/preview/window',
      headers: { ...headers, 'sec-fetch-site': 'cross-site' },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toBeTruthy();
    const noHeader = await app.inject({ method: 'POST', url: '/preview/window', headers, payload });
    expect(noHeader.statusCode).toBe(403);

    const missing = await app.inject({
      method: 'POST',
      url: '/preview/window',
      headers: { ...headers, 'sec-fetch-site': 'same-origin' },
      payload: 'other=1',
    });
    expect(missing.statusCode).toBe(400);
  });
});
