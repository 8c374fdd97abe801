import { deployResponseSchema } from '@div/shared/publishing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import {
  createFreshDatabase,
  type OwnRedis,
  type PostgresServer,
  postgresServer,
  startOwnRedis,
} from '../../resilience/services';
import { createTestUser, testConfig } from '../../test/app';
import { type DnsTestServer, startDnsTestServer } from '../domains/dns-test-server';

/**
 * Two app instances on one PostgreSQL database and one Redis (ADR 0107): a change made on A reaches
 * the site cache of B through Redis at once, far sooner than B's cache TTL (one minute here).
 */

const SITES = 'sites.test';
const TTL_MS = 60_000;
/** "At once": the change must show on B well under the TTL. */
const AT_ONCE_MS = 2000;

let postgres: PostgresServer | undefined;
let ownRedis: OwnRedis | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let dns: DnsTestServer;
let a: FastifyInstance;
let b: FastifyInstance;
let handle: DatabaseHandle;

beforeAll(async () => {
  postgres = await postgresServer();
  const base = postgres.url;
  const fresh = await createFreshDatabase(base);
  dropDatabase = fresh.drop;
  let redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) {
    ownRedis = await startOwnRedis();
    redisUrl = ownRedis.url;
  }
  dns = await startDnsTestServer();
  const env = {
    DATABASE_URL: fresh.url,
    REDIS_URL: redisUrl,
    SITES_DOMAIN: SITES,
    PUBLIC_URL: 'http://app.test',
    SITE_CACHE_TTL_MS: String(TTL_MS),
    SERVER_IP: '203.0.113.10',
    DNS_RESOLVER: dns.address,
    DNS_TIMEOUT_MS: '300',
  };
  a = await buildApp(testConfig(env), { logger: false });
  await a.ready();
  b = await buildApp(testConfig(env), { logger: false });
  await b.ready();
  handle = await openDatabase({ url: fresh.url, migrate: false, poolSize: 2 });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await handle?.close();
  await dropDatabase?.();
  await dns?.close();
  await ownRedis?.stop();
  await postgres?.stop();
});

describe('the site cache across instances, with Redis', () => {
  it('a deploy, a rollback, a slug rename and a verified custom domain on A show on B at once', async () => {
    const user = await createTestUser(handle, { plan: 'medium' });
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await a.inject({
        method,
        url,
        headers: { host: 'app.test', authorization: user.authorization },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const deploy = async (spaceId: string, title: string) =>
      deployResponseSchema.parse(await call('POST', '/api/deploy', { spaceId, html: `<!DOCTYPE html><h1>${title}</h1>` }));
    const onB = (host: string) => b.inject({ url: '/', headers: { host } });
    /** Polls B until its page for `host` contains `text`; returns how long it took. */
    const seenOnB = async (host: string, text: string) => {
      const started = Date.now();
      await expect.poll(async () => (await onB(host)).body, { timeout: AT_ONCE_MS, interval: 20 }).toContain(text);
      return Date.now() - started;
    };

    const spaceId = (await call('POST', '/api/spaces', { name: 'Compartida' })).space.id as string;
    const first = await deploy(spaceId, 'Primera');
    // B caches the site (and a miss for the name it will be renamed to).
    expect((await onB('compartida.sites.test')).body).toContain('<h1>Primera</h1>');
    expect((await onB('nuevo-nombre.sites.test')).statusCode).toBe(404);

    await deploy(spaceId, 'Segunda');
    expect(await seenOnB('compartida.sites.test', '<h1>Segunda</h1>')).toBeLessThan(AT_ONCE_MS);

    await call('POST', `/api/sites/${spaceId}/deployments/${first.deploymentId}/activate`);
    expect(await seenOnB('compartida.sites.test', '<h1>Primera</h1>')).toBeLessThan(AT_ONCE_MS);

    await call('PUT', `/api/sites/${spaceId}/slug`, { slug: 'nuevo-nombre' });
    expect(await seenOnB('nuevo-nombre.sites.test', '<h1>Primera</h1>')).toBeLessThan(AT_ONCE_MS);
    await expect.poll(async () => (await onB('compartida.sites.test')).statusCode, { timeout: AT_ONCE_MS }).toBe(404);

    // A custom domain added on A is known to B (a 404 while pending), and served by B once verified on A.
    const domain = (await call('POST', '/api/domains', { spaceId, domain: 'compartida.com' })).domain as {
      id: string;
      records: { value: string }[];
    };
    await expect
      .poll(async () => (await onB('compartida.com')).body, { timeout: AT_ONCE_MS, interval: 20 })
      .toContain('Sitio no encontrado');
    dns.zone.set('_div-verify.compartida.com', { TXT: [domain.records[0]?.value as string] });
    dns.zone.set('compartida.com', { A: ['203.0.113.10'] });
    expect((await call('POST', `/api/domains/${domain.id}/verify`)).domain.status).toBe('active');
    expect(await seenOnB('compartida.com', '<h1>Primera</h1>')).toBeLessThan(AT_ONCE_MS);
  });
});
