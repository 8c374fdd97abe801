import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { activeGenerations } from '../lib/metrics';
import { createTestApp, createTestUser } from '../test/app';
import { openTestDatabase } from '../test/db';

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('operations endpoints', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    webDist = mkdtempSync(path.join(tmpdir(), 'div-ops-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>DIV</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    app = await createTestApp(database, { WEB_DIST: webDist, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps /api/health and answers /api/ready with the database check', async () => {
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('echoes the request id it was given, or the one it made', async () => {
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves Prometheus metrics: request counts and latency by route template and status, errors, active generations', async () => {
    const user = await createTestUser(database);
    await app.inject({ url: '/api/spaces/00000000-0000-0000-0000-000000000000', headers: { authorization: user.authorization } });
    activeGenerations.inc();
    const res = await app.inject('/metrics');
    activeGenerations.dec();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/div_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(res.body).toMatch(
      /div_http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/health",status="200"\}/,
    );
    expect(res.body).toMatch(/div_http_requests_total\{method="GET",route="\/api\/spaces\/:id",status="404"\}/);
    expect(res.body).toContain('div_http_errors_total');
    expect(res.body).toMatch(/div_active_generations 1/);
    expect(res.body).toContain('div_process_resident_memory_bytes');
  });

  it('puts the security headers on every app answer: API, SPA HTML and static assets', async () => {
    for (const url of ['/api/health', '/api/nope', '/', '/spaces/some/where', '/assets/app.js', '/metrics']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=31536000');
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('sends no HSTS when not behind HTTPS', async () => {
    const plain = await createTestApp(database);
    try {
      const res = await plain.inject('/api/health');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await plain.close();
    }
  });

  it('asks for the metrics token when METRICS_TOKEN is set', async () => {
    const guarded = await createTestApp(database, { METRICS_TOKEN: 'secret-metrics-token' });
    try {
      const refused = await guarded.inject('/metrics');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBeTruthy();
      expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      const ok = await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer secret-metrics-token' } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('answers 503 with a message, quickly, when Redis does not answer', async () => {
    const withDeadRedis = await createTestApp(database, { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const started = Date.now();
      const res = await withDeadRedis.inject('/api/ready');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { database: 'ok', redis: 'down' }, code: 'UNAVAILABLE' });
      expect(res.json().message).toContain('Redis');
      // Liveness stays up: the process itself is fine.
      expect((await withDeadRedis.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await withDeadRedis.close();
    }
  });
});
