import { customDomainSchema, PUBLISHING_MESSAGES } from '@div/shared/publishing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { customDomains } from '../../db/schema/publishing';
import { createTestApp, createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { createDnsLookup } from './dns';
import { type DnsTestServer, startDnsTestServer } from './dns-test-server';
import { recheckPendingDomains } from './service';

type User = Awaited<ReturnType<typeof createTestUser>>;
const SERVER_IP = '203.0.113.10';

describe.each(testDrivers)('custom domains on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let dns: DnsTestServer;
  let free: User;
  let medium: User;
  let other: User;
  let spaceId: string;

  const env = () => ({
    SITES_DOMAIN: 'sites.test',
    PUBLIC_URL: 'http://app.test',
    SERVER_IP,
    DNS_RESOLVER: dns.address,
    DNS_TIMEOUT_MS: '300',
  });

  beforeAll(async () => {
    dns = await startDnsTestServer();
    database = await openTestDatabase(driver);
    app = await createTestApp(database, env());
    free = await createTestUser(database, { plan: 'free' });
    medium = await createTestUser(database, { plan: 'medium' });
    other = await createTestUser(database, { plan: 'pro' });
    const res = await call(medium, 'POST', '/api/spaces', { name: 'Mi Negocio' });
    spaceId = res.json().space.id;
    const deployed = await call(medium, 'POST', '/api/deploy', {
      spaceId,
      html: '<!DOCTYPE html><html><head><title>Negocio</title></head><body><h1>Mi negocio</h1></body></html>',
    });
    expect(deployed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dns.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);
  async function add(user: User, domain: string, space = spaceId) {
    return call(user, 'POST', '/api/domains', { spaceId: space, domain });
  }
  const verify = async (id: string) => {
    const res = await call(medium, 'POST', `/api/domains/${id}/verify`);
    expect(res.statusCode).toBe(200);
    return customDomainSchema.parse(res.json().domain);
  };

  it('is a medium and pro feature: a free user gets a clear message', async () => {
    const own = await call(free, 'POST', '/api/spaces', { name: 'Gratis' });
    const res = await add(free, 'gratis.com', own.json().space.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(PUBLISHING_MESSAGES.planRequired);
  });

  it('validates the domain: non-blank, a hostname, not DIV’s own, not already claimed', async () => {
    expect((await add(medium, '   ')).json().message).toBe(PUBLISHING_MESSAGES.domainRequired);
    for (const bad of ['localhost', 'sin espacios.com', 'http//x', '-a.com', 'a..com', 'x.123']) {
      const res = await add(medium, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(PUBLISHING_MESSAGES.domainInvalid);
    }
    expect((await add(medium, 'otro.sites.test')).json().message).toBe(PUBLISHING_MESSAGES.domainOwnSites);
  });

  it('adds a domain as pending with the TXT and A records to create; only the account’s own duplicate is a 409', async () => {
    const res = await add(medium, 'https://MiNegocio.com/');
    expect(res.statusCode).toBe(201);
    const domain = customDomainSchema.parse(res.json().domain);
    expect(domain).toMatchObject({ domain: 'minegocio.com', status: 'pending', isDefault: false, type: 'custom' });
    expect(domain.records[0]).toMatchObject({ type: 'TXT', name: '_div-verify.minegocio.com' });
    expect(domain.records[0]?.value).toMatch(/^div-verify=[0-9a-f]{32}$/);
    expect(domain.records[1]).toEqual({ type: 'A', name: 'minegocio.com', value: SERVER_IP });

    const www = customDomainSchema.parse((await add(medium, 'www.minegocio.com')).json().domain);
    expect(www.records[1]).toEqual({ type: 'CNAME', name: 'www.minegocio.com', value: 'mi-negocio.sites.test' });

    const again = await add(medium, 'minegocio.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PUBLISHING_MESSAGES.domainTaken);
    // Another account may register the same hostname (unique among verified domains only, ADR 0156).
    const otherSpace = await call(other, 'POST', '/api/spaces', { name: 'Competencia' });
    const claimed = await add(other, 'minegocio.com', otherSpace.json().space.id);
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().domain).toMatchObject({ domain: 'minegocio.com', status: 'pending' });
    // Another user's domain is a 404 for everything.
    expect((await call(other, 'POST', `/api/domains/${domain.id}/verify`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/domains/${domain.id}`)).statusCode).toBe(404);
  });

  it('verifies with real DNS queries: missing record, wrong TXT, missing A, timeout, then success', async () => {
    const list = (await call(medium, 'GET', '/api/domains')).json().domains as {
      id: string;
      domain: string;
      records: { value: string }[];
    }[];
    const apex = list.find((d) => d.domain === 'minegocio.com');
    if (!apex) throw new Error('domain missing');
    const token = apex.records[0]?.value as string;

    // Not served while pending.
    expect((await app.inject({ url: '/', headers: { host: 'minegocio.com' } })).statusCode).toBe(404);

    let result = await verify(apex.id);
    expect(result.status).toBe('error');
    expect(result.lastError).toBe('No se encontró el registro TXT _div-verify.minegocio.com.');

    dns.zone.set('_div-verify.minegocio.com', { TXT: ['div-verify=otro-token'] });
    result = await verify(apex.id);
    expect(result.status).toBe('error');
    expect(result.lastError).toContain('"div-verify=otro-token"');
    expect(result.lastError).toContain(token);

    dns.zone.set('_div-verify.minegocio.com', { TXT: ['v=spf1 -all', token] });
    dns.zone.set('minegocio.com', { A: ['198.51.100.7'] });
    result = await verify(apex.id);
    expect(result.status).toBe('error');
    expect(result.lastError).toBe(`minegocio.com apunta a A 198.51.100.7; debe tener el registro A ${SERVER_IP}.`);

    dns.silent.add('_div-verify.minegocio.com');
    const started = Date.now();
    result = await verify(apex.id);
    expect(result.status).toBe('error');
    expect(result.lastError).toBe('El servidor DNS no respondió a tiempo. Inténtalo de nuevo más tarde.');
    expect(Date.now() - started).toBeLessThan(5000);
    dns.silent.delete('_div-verify.minegocio.com');

    dns.zone.set('minegocio.com', { A: [SERVER_IP] });
    result = await verify(apex.id);
    expect(result).toMatchObject({ status: 'active', lastError: null });
    expect(dns.queries.some((q) => q.name === '_div-verify.minegocio.com' && q.type === 16)).toBe(true);
    expect(dns.queries.some((q) => q.name === 'minegocio.com' && q.type === 1)).toBe(true);

    // Active: the site answers on the custom domain (with or without a port in Host).
    for (const host of ['minegocio.com', 'minegocio.com:8080']) {
      const site = await app.inject({ url: '/', headers: { host } });
      expect(site.statusCode).toBe(200);
      expect(site.body).toContain('<h1>Mi negocio</h1>');
    }

    // Default: the deploy answers with the custom domain's URL.
    expect((await call(medium, 'POST', `/api/domains/${apex.id}/default`)).json().domain.isDefault).toBe(true);
    const redeploy = await call(medium, 'POST', '/api/deploy', { spaceId, html: '<html><body><h1>Otra</h1></body></html>' });
    expect(redeploy.json().url).toBe('http://minegocio.com/');
    expect((await app.inject({ url: '/', headers: { host: 'minegocio.com' } })).body).toContain('<h1>Otra</h1>');

    // Removed: the domain no longer serves the site.
    expect((await call(medium, 'DELETE', `/api/domains/${apex.id}`)).statusCode).toBe(204);
    const gone = await app.inject({ url: '/', headers: { host: 'minegocio.com' } });
    expect(gone.body).not.toContain('Otra');
  });

  it('a www domain verifies with a CNAME to the sites domain', async () => {
    const list = (await call(medium, 'GET', '/api/domains')).json().domains as {
      id: string;
      domain: string;
      records: { value: string }[];
    }[];
    const www = list.find((d) => d.domain === 'www.minegocio.com');
    if (!www) throw new Error('domain missing');
    dns.zone.set('_div-verify.www.minegocio.com', { TXT: [www.records[0]?.value as string] });
    dns.zone.set('www.minegocio.com', { CNAME: 'mi-negocio.sites.test' });
    expect((await verify(www.id)).status).toBe('active');
  });

  it('re-checks pending domains periodically for 72 hours, then gives up with an error', async () => {
    const fresh = customDomainSchema.parse((await add(medium, 'tardio.com')).json().domain);
    const old = customDomainSchema.parse((await add(medium, 'viejo.com')).json().domain);
    await database.db
      .update(customDomains)
      .set({ createdAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(customDomains.id, old.id));
    dns.zone.set('_div-verify.tardio.com', { TXT: [fresh.records[0]?.value as string] });
    dns.zone.set('tardio.com', { A: [SERVER_IP] });

    const config = testConfig(env());
    const lookup = createDnsLookup({ server: config.DNS_RESOLVER, timeoutMs: 300 });
    const ctx = { config, db: database.db, database, log: app.log };
    await recheckPendingDomains({ ctx, dns: lookup });
    const after = (await call(medium, 'GET', '/api/domains')).json().domains as {
      domain: string;
      status: string;
      lastError: string;
    }[];
    expect(after.find((d) => d.domain === 'tardio.com')?.status).toBe('active');
    const expired = after.find((d) => d.domain === 'viejo.com');
    expect(expired?.status).toBe('error');
    expect(expired?.lastError).toContain('72 horas');
  });
});
