import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { deployResponseSchema } from '@div/shared/publishing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createTestUser, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { hostingOfApp } from './front-door';

/**
 * Published sites over a real socket (ADR 0221): the server's request listener answers them before
 * Fastify, with the same bytes and headers as the in-process path, no per-request log line or request
 * id, one aggregated access-log line, and exact page views.
 */
describe('published sites ahead of the app', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let origin: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = testConfig({
      LOG_LEVEL: 'info',
      SITES_DOMAIN: 'sites.test',
      PUBLIC_URL: 'http://app.test',
      ANALYTICS_FLUSH_MS: '60000',
    });
    app = await buildApp(config, { database, logger: { level: 'info', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** fetch cannot set Host: node:http can. The body as it arrived (still compressed). */
  const get = (host: string, path = '/', headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${origin}${path}`, { method, headers: { host, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('answers a site with the same headers and bytes as the in-process path, without app logging or ids', async () => {
    const user = await createTestUser(database, { plan: 'medium' });
    const auth = { host: 'app.test', authorization: user.authorization };
    const space = await app.inject({ method: 'POST', url: '/api/spaces', headers: auth, payload: { name: 'Puerta' } });
    const html = `<!DOCTYPE html><html lang="es"><head><title>Puerta</title></head><body><h1>Puerta</h1>${'<p>Texto.</p>'.repeat(300)}</body></html>`;
    const deployed = await app.inject({
      method: 'POST',
      url: '/api/deploy',
      headers: auth,
      payload: { spaceId: space.json().space.id, files: [{ path: 'index.html', content: html }] },
    });
    expect(deployed.statusCode, deployed.body).toBe(200);
    const host = new URL(deployResponseSchema.parse(deployed.json()).url).host;
    // The in-process path (app.inject, through Fastify's hook) as the reference; it is logged by Fastify.
    const viaInject = await app.inject({ url: '/', headers: { host, 'accept-encoding': 'gzip' } });
    const before = lines.length;

    const views = 25;
    let viaSocket = await get(host, '/', { 'accept-encoding': 'gzip' });
    for (let i = 1; i < views; i++) viaSocket = await get(host, '/', { 'accept-encoding': 'gzip' });
    expect(viaSocket.status).toBe(200);
    expect(gunzipSync(viaSocket.body).toString('utf8')).toBe(html);
    expect(viaSocket.body.equals(viaInject.rawPayload)).toBe(true);
    for (const name of [
      'content-type',
      'cache-control',
      'vary',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'etag',
      'content-encoding',
    ]) {
      expect(viaSocket.headers[name], name).toBe(viaInject.headers[name]);
    }
    // Nothing of the app: no request id, no cookie, no app CSP.
    expect(viaSocket.headers['x-request-id']).toBeUndefined();
    expect(viaSocket.headers['set-cookie']).toBeUndefined();
    const missing = await get(host, '/no-existe');
    expect(missing.status).toBe(404);
    expect((await get(host, '/', { 'if-none-match': String(viaSocket.headers.etag), 'accept-encoding': 'gzip' })).status).toBe(
      304,
    );
    expect((await get(host, '/', {}, 'POST')).status).toBe(405);

    // No per-request lines for the site's traffic; the app's own requests are still logged.
    const siteLines = lines.slice(before).filter((l) => JSON.stringify(l).includes(host));
    expect(siteLines).toEqual([]);
    const appAnswer = await get('app.test', '/api/health');
    expect(appAnswer.headers['x-request-id']).toBeTruthy();
    expect(lines.slice(before).some((l) => l.msg === 'request completed')).toBe(true);

    // One aggregated line: every site request counted by status and host.
    hostingOfApp(app)?.access.flush();
    const summary = lines.filter((l) => l.msg === 'published sites served').at(-1);
    expect(summary).toMatchObject({
      requests: views + 4,
      statuses: { 200: views + 1, 404: 1, 304: 1, 405: 1 },
      hosts: { [host]: views + 4 },
    });

    // Page views stay exact (the 304 is a view of a page the browser kept).
    await hostingOfApp(app)?.views.flush();
    const stats = await app.inject({ url: `/api/sites/${space.json().space.id}/analytics?days=1`, headers: auth });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(JSON.stringify(stats.json())).toContain(`"views":${views + 2}`);
  });

  it('answers new site requests with 503 while shutting down, and the app never sees them', async () => {
    const other = await buildApp(testConfig({ SITES_DOMAIN: 'sites.test', PUBLIC_URL: 'http://app.test' }), {
      database,
      logger: false,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.server.address() as AddressInfo).port;
    const keepAlive = new http.Agent({ keepAlive: true });
    const request = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          { port, host: '127.0.0.1', path: '/', headers: { host: 'nadie.sites.test' }, agent: keepAlive },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
      });
    expect(await request()).toBe(404);
    const closing = other.close();
    const during = await request().catch(() => 0);
    await closing;
    keepAlive.destroy();
    // Either refused at the socket or answered 503: never served against a closing database.
    expect([0, 503]).toContain(during);
  });
});
