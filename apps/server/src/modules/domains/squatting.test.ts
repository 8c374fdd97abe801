import { type CustomDomain, customDomainSchema, PUBLISHING_MESSAGES } from '@div/shared/publishing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { customDomains } from '../../db/schema/publishing';
import { createTestApp, createTestUser, injectAs, testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { createDnsLookup } from './dns';
import { type DnsTestServer, startDnsTestServer } from './dns-test-server';
import { recheckPendingDomains } from './service';

const SERVER_IP = '203.0.113.10';

/**
 * Custom-domain squatting (issue 19, threats row 10, ADR 0156): a hostname is unique among verified
 * domains only; any account may register it, the first to prove the TXT record gets it, and no answer
 * tells one account about another's registration. DNS is the local UDP server, the database real.
 */
describe.each(testDrivers)('custom-domain squatting on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let dns: DnsTestServer;

  const env = () => ({
    SITES_DOMAIN: 'sites.test',
    PUBLIC_URL: 'http://app.test',
    SERVER_IP,
    DNS_RESOLVER: dns.address,
    DNS_TIMEOUT_MS: '500',
  });

  beforeAll(async () => {
    dns = await startDnsTestServer();
    database = await openTestDatabase(driver);
    app = await createTestApp(database, env());
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dns.close();
  });

  /** An account with a deployed space whose page says `heading`; every answer it gets is kept. */
  async function tenant(name: string, heading: string) {
    const user = await createTestUser(database, { plan: 'pro', name });
    const answers: string[] = [];
    const call = async (method: string, url: string, payload?: unknown) => {
      const res = await injectAs(app, user, method, url, payload);
      answers.push(res.body);
      return res;
    };
    const space = (await call('POST', '/api/spaces', { name: `${name} sitio` })).json().space as { id: string; name: string };
    const deployed = await call('POST', '/api/deploy', {
      spaceId: space.id,
      html: `<!DOCTYPE html><html><head><title>${heading}</title></head><body><h1>${heading}</h1></body></html>`,
    });
    expect(deployed.statusCode).toBe(200);
    const add = async (domain: string) => {
      const res = await call('POST', '/api/domains', { spaceId: space.id, domain });
      return res;
    };
    const verify = async (id: string) => {
      const res = await call('POST', `/api/domains/${id}/verify`);
      expect(res.statusCode).toBe(200);
      return customDomainSchema.parse(res.json().domain);
    };
    return { user, space, answers, call, add, verify, slug: (deployed.json().url as string).split('//')[1]?.split('.')[0] };
  }

  /** Puts the TXT tokens in the zone (several accounts may each have published theirs) and the A record. */
  function publish(hostname: string, tokens: string[]) {
    dns.zone.set(`_div-verify.${hostname}`, { TXT: tokens });
    dns.zone.set(hostname, { A: [SERVER_IP] });
  }

  const serve = (host: string) => app.inject({ url: '/', headers: { host } });

  it('a squatter’s earlier registration neither blocks the owner nor learns of them; the first TXT proof wins', async () => {
    const owner = await tenant('Ana Dueña', 'Sitio de Ana');
    const squatter = await tenant('Bruno Okupa', 'Sitio de Bruno');

    // The squatter registers first and never proves anything.
    const squat = await squatter.add('disputado.com');
    expect(squat.statusCode).toBe(201);
    const squatDomain = customDomainSchema.parse(squat.json().domain);
    expect(squatDomain).toMatchObject({ status: 'pending', lastError: null });

    // The real owner is not refused (it used to be a 409 forever).
    const added = await owner.add('https://Disputado.com/');
    expect(added.statusCode).toBe(201);
    const ownerDomain = customDomainSchema.parse(added.json().domain);
    expect(ownerDomain).toMatchObject({ domain: 'disputado.com', status: 'pending', lastError: null });
    const ownerToken = ownerDomain.records[0]?.value as string;

    // A pending registration serves nothing.
    expect((await serve('disputado.com')).statusCode).toBe(404);

    // The owner proves the TXT record first and gets the hostname; the site answers on it.
    publish('disputado.com', [ownerToken]);
    expect(await owner.verify(ownerDomain.id)).toMatchObject({ status: 'active', lastError: null });
    const site = await serve('disputado.com');
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain('<h1>Sitio de Ana</h1>');

    // Later the squatter gets its own token into the zone too: its verify fails, in neutral words.
    publish('disputado.com', [ownerToken, squatDomain.records[0]?.value as string]);
    const lost = await squatter.verify(squatDomain.id);
    expect(lost).toMatchObject({ status: 'error', lastError: PUBLISHING_MESSAGES.domainUnavailable });
    // The periodic re-check ends the same way (still pending, the same words), never active.
    const config = testConfig(env());
    const lookup = createDnsLookup({ server: config.DNS_RESOLVER, timeoutMs: 500 });
    await recheckPendingDomains({ ctx: { config, db: database.db, database, log: app.log }, dns: lookup });
    const [stored] = await database.db.select().from(customDomains).where(eq(customDomains.id, squatDomain.id));
    expect(stored).toMatchObject({ status: 'pending', lastError: PUBLISHING_MESSAGES.domainUnavailable });

    // Serving still goes to the winner only; the loser's row stays its own, pending-or-error.
    expect((await serve('disputado.com')).body).toContain('<h1>Sitio de Ana</h1>');
    expect((await serve('disputado.com')).body).not.toContain('Sitio de Bruno');
    const squatterList = (await squatter.call('GET', '/api/domains')).json().domains as { id: string; status: string }[];
    expect(squatterList).toEqual([expect.objectContaining({ id: squatDomain.id, status: 'pending' })]);

    // The account's own second registration is the only 409, and it speaks of the account itself.
    const dup = await squatter.add('disputado.com');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PUBLISHING_MESSAGES.domainTaken);

    // Nothing the squatter was told mentions the owner: not their name, email, ids, space, site or token.
    const ownerSecrets = [
      owner.user.id,
      owner.user.email,
      'Ana Dueña',
      owner.space.id,
      owner.space.name,
      ownerDomain.id,
      ownerToken,
      owner.slug as string,
      'Sitio de Ana',
    ];
    expect(ownerSecrets.every(Boolean)).toBe(true);
    for (const body of squatter.answers) {
      for (const secret of ownerSecrets) expect(body, `"${secret}" told to the squatter`).not.toContain(secret);
    }

    // When the owner lets it go, the hostname is free for the next proof: the other registration can win.
    expect((await owner.call('DELETE', `/api/domains/${ownerDomain.id}`)).statusCode).toBe(204);
    // Until the other registration proves itself no site answers there: pending is never served.
    expect((await serve('disputado.com')).statusCode).toBe(404);
    expect(await squatter.verify(squatDomain.id)).toMatchObject({ status: 'active', lastError: null });
    expect((await serve('disputado.com')).body).toContain('<h1>Sitio de Bruno</h1>');
  });

  it('the owner’s answers are the same whether or not someone else registered the hostname', async () => {
    const first = await tenant('Carla', 'Sitio de Carla');
    const second = await tenant('Diego', 'Sitio de Diego');
    const alone = await second.add('solo-diego.com');
    await first.add('compartido.com');
    const shared = await second.add('compartido.com');
    expect(shared.statusCode).toBe(alone.statusCode);
    const shape = (body: string) => Object.keys(JSON.parse(body).domain).sort().join(',');
    expect(shape(shared.body)).toBe(shape(alone.body));
    expect(customDomainSchema.parse(shared.json().domain)).toMatchObject({ status: 'pending', lastError: null });
    // Its own TXT not yet published: the same message as for any missing record.
    const id = shared.json().domain.id as string;
    expect((await second.verify(id)).lastError).toBe('No se encontró el registro TXT _div-verify.compartido.com.');
    for (const body of second.answers) expect(body).not.toContain(first.user.email);
  });

  it('a race: several accounts prove the TXT at once and exactly one gets the hostname (the database decides)', async () => {
    const hostname = 'carrera.com';
    const names = ['Eva', 'Fede', 'Gala', 'Hugo', 'Iris'];
    const racers = await Promise.all(names.map((n) => tenant(n, `Sitio de ${n}`)));
    const domains: CustomDomain[] = [];
    for (const racer of racers) {
      const res = await racer.add(hostname);
      expect(res.statusCode).toBe(201);
      domains.push(customDomainSchema.parse(res.json().domain));
    }
    // Everyone's token is in the zone, so every check passes and only the constraint can tell them apart.
    publish(
      hostname,
      domains.map((d) => d.records[0]?.value as string),
    );
    const results = await Promise.all(racers.map((racer, i) => racer.verify(domains[i]?.id as string)));
    const winners = results.filter((r) => r.status === 'active');
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.status !== 'active')) {
      expect(loser).toMatchObject({ status: 'error', lastError: PUBLISHING_MESSAGES.domainUnavailable });
    }
    const active = await database.db
      .select({ id: customDomains.id })
      .from(customDomains)
      .where(and(eq(customDomains.hostname, hostname), eq(customDomains.status, 'active')));
    expect(active).toEqual([{ id: winners[0]?.id }]);
    const winner = names[results.findIndex((r) => r.status === 'active')];
    expect((await serve(hostname)).body).toContain(`<h1>Sitio de ${winner}</h1>`);

    // And the database itself refuses a second active row, whatever the code above it does.
    const other = domains.find((d) => d.id !== winners[0]?.id);
    await expect(
      database.db
        .update(customDomains)
        .set({ status: 'active' })
        .where(eq(customDomains.id, other?.id as string)),
    ).rejects.toThrow();
  });
});
