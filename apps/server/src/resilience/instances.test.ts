import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '../db/client';
import { createTestUser, testConfig } from '../test/app';
import { createFreshDatabase, type OwnRedis, type PostgresServer, postgresServer, startOwnRedis } from './services';

/**
 * Several instances (issue 9): two app instances on real ports, one fresh PostgreSQL database
 * (TEST_DATABASE_URL's server, or a throwaway cluster of our own) and one Redis (TEST_REDIS_URL, or
 * a redis-server of our own), started at the same moment against the empty database and then driven
 * alternately: they behave as one.
 */

let postgres: PostgresServer | undefined;
let ownRedis: OwnRedis | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let databaseUrl: string;
let redisUrl: string;
let a: FastifyInstance;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let handle: DatabaseHandle;

const SHARED_ENV = () => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  // Every instance must sign cookies with the same secret (docs/operations.md).
  SESSION_SECRET: 'several-instances-share-this-cookie-secret-0123456789',
  AUTH_RATE_LIMIT: '6',
  COMPOSER_PACE: '40',
  HOST: '127.0.0.1',
});

async function call(base: string, url: string, init: { method?: string; authorization?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.authorization ? { authorization: init.authorization } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

beforeAll(async () => {
  postgres = await postgresServer();
  const base = postgres.url;
  const fresh = await createFreshDatabase(base);
  databaseUrl = fresh.url;
  dropDatabase = fresh.drop;
  redisUrl = process.env.TEST_REDIS_URL ?? '';
  if (!redisUrl) {
    ownRedis = await startOwnRedis();
    redisUrl = ownRedis.url;
  }
  // Both start at the same moment against the empty database: one migrates, the other waits.
  [a, b] = await Promise.all([
    buildApp(testConfig(SHARED_ENV()), { logger: false }),
    buildApp(testConfig(SHARED_ENV()), { logger: false }),
  ]);
  urlA = await a.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  handle = await openDatabase({ url: databaseUrl, migrate: false, poolSize: 4 });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await handle?.close();
  await dropDatabase?.();
  await ownRedis?.stop();
  await postgres?.stop();
});

describe('two instances on one PostgreSQL and one Redis', () => {
  it('migrated the empty database exactly once when both started together', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = (await client.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash')).rows;
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await client.end();
    }
    expect((await call(urlA, '/api/ready')).status).toBe(200);
    expect((await call(urlB, '/api/ready')).json).toMatchObject({ checks: { database: 'ok', redis: 'ok' } });
  });

  it('shares sessions: made on one works on the other, signed out on one is refused on the other', async () => {
    const user = await createTestUser(handle);
    expect((await call(urlA, '/api/user/profile', { authorization: user.authorization })).status).toBe(200);
    expect((await call(urlB, '/api/user/profile', { authorization: user.authorization })).status).toBe(200);
    expect((await call(urlA, '/api/auth/logout', { method: 'POST', authorization: user.authorization })).status).toBeLessThan(
      300,
    );
    const after = await call(urlB, '/api/user/profile', { authorization: user.authorization });
    expect(after.status).toBe(401);
    expect(after.json.message).toBeTruthy();
  });

  it('shares spaces: saved on one is read on the other, and a stale save on the other is refused', async () => {
    const user = await createTestUser(handle);
    const created = await call(urlA, '/api/spaces', {
      method: 'POST',
      authorization: user.authorization,
      body: { name: 'Compartido' },
    });
    expect(created.status).toBe(201);
    const space = created.json.space as { id: string; revision: number };
    const html = '<!doctype html><html><body><h1>Guardado en A</h1></body></html>';
    const saved = await call(urlA, `/api/spaces/${space.id}/files`, {
      method: 'PUT',
      authorization: user.authorization,
      body: { revision: space.revision, files: [{ path: 'index.html', content: html }] },
    });
    expect(saved.status).toBe(200);
    const read = await call(urlB, `/api/spaces/${space.id}`, { authorization: user.authorization });
    expect(read.status).toBe(200);
    expect(read.text).toContain('Guardado en A');
    const stale = await call(urlB, `/api/spaces/${space.id}/files`, {
      method: 'PUT',
      authorization: user.authorization,
      body: { revision: space.revision, files: [{ path: 'index.html', content: 'perdido' }] },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBeTruthy();
    const version = await call(urlB, `/api/spaces/${space.id}/versions`, {
      method: 'POST',
      authorization: user.authorization,
      body: {},
    });
    expect(version.status).toBeLessThan(300);
    const versions = await call(urlA, `/api/spaces/${space.id}/versions`, { authorization: user.authorization });
    expect((versions.json.versions as unknown[]).length).toBeGreaterThanOrEqual(1);
  });

  it('shares sign-in rate limits through Redis: the limit counts requests to both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await call(i % 2 ? urlB : urlA, '/api/auth/login?provider=google')).status);
    expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('shares stop signals: a generation running on one is stopped from the other', async () => {
    const user = await createTestUser(handle, { plan: 'pro' });
    const created = await call(urlA, '/api/spaces', {
      method: 'POST',
      authorization: user.authorization,
      body: { name: 'Parada' },
    });
    const spaceId = (created.json.space as { id: string }).id;
    const started = Date.now();
    const stream = fetch(`${urlA}/api/ask-ai/generate-separate-files`, {
      method: 'POST',
      headers: { authorization: user.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Una página para una panadería', spaceId }),
    }).then(async (r) => ({ status: r.status, text: await r.text() }));
    // Wait until the generation runs on A (a second one is refused as busy), then stop it from B.
    for (let i = 0; i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await call(urlA, '/api/ask-ai/generate-separate-files', {
        method: 'POST',
        authorization: user.authorization,
        body: { prompt: 'otra', spaceId },
      });
      if (again.status === 409) break;
    }
    const stop = await call(urlB, '/api/ask-ai/stop', { method: 'POST', authorization: user.authorization, body: { spaceId } });
    expect(stop.status).toBe(200);
    const result = await stream;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.text).not.toContain('"type":"done"');
    // The stopped generation gave its message back.
    const usage = await call(urlB, '/api/user/usage', { authorization: user.authorization });
    expect(usage.status).toBe(200);
  });
});
