import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { deployResponseSchema } from '@div/shared/publishing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { pageViews } from '../../db/schema/publishing';
import { createTestUser, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { fillStampAge, fillStampKeyOf } from '../forms/fill-stamp';
import { enableSiteProcess, hostingOfApp } from './front-door';
import type { SiteProcess } from './site-process';

const page = (title: string) =>
  `<!DOCTYPE html><html lang="es"><head><title>${title}</title></head><body><h1>${title}</h1>${'<p>Texto de la página.</p>'.repeat(200)}
<form id="contacto"><input name="nombre" required><input type="email" name="email" required><button>Enviar</button></form>
</body></html>`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  reused: boolean;
}

/**
 * The published sites' own process (ADR 0230), over real sockets: the app hands it the connections of
 * site Hosts and it answers them with the app's very bytes, follows redeploys on an open connection,
 * counts views exactly, passes forms and other methods back to the app (for the visitor's address),
 * refuses another Host on a site's connection, and the app serves sites itself while it is down.
 */
describe('the published sites process', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let port: number;
  let sites: SiteProcess;
  let auth: Record<string, string>;
  let spaceId: string;
  let host: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig({
      SITES_DOMAIN: 'sites.test',
      PUBLIC_URL: 'http://app.test',
      ANALYTICS_FLUSH_MS: '60000',
      FORMS_RATE_PER_IP: '1',
      SITE_CACHE_TTL_MS: '60000',
    });
    app = await buildApp(config, { database, logger: false });
    enableSiteProcess(app, new URL('../../site-server.ts', import.meta.url));
    sites = hostingOfApp(app)?.sites as SiteProcess;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    const user = await createTestUser(database, { plan: 'medium' });
    auth = { host: 'app.test', authorization: user.authorization };
    const space = await app.inject({ method: 'POST', url: '/api/spaces', headers: auth, payload: { name: 'Proceso' } });
    spaceId = space.json().space.id;
    host = await deploy('Primera versión');
  }, 30_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function deploy(title: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/deploy',
      headers: auth,
      payload: { spaceId, files: [{ path: 'index.html', content: page(title) }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(deployResponseSchema.parse(res.json()).url).host;
  }

  /** One visitor: a keep-alive connection of its own (one socket at a time). */
  const visitor = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (
    agent: http.Agent,
    options: { host?: string; path?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          agent,
          path: options.path ?? '/',
          method: options.method ?? 'GET',
          headers: { host: options.host ?? host, ...options.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), reused: req.reusedSocket }),
          );
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });

  async function untilRunning(): Promise<void> {
    for (let i = 0; i < 200 && !sites.running; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(sites.running).toBe(true);
  }

  it('starts on the first site request and then answers new site connections with the app’s own bytes', async () => {
    expect(sites.running).toBe(false);
    const first = visitor();
    const byApp = await send(first, { headers: { 'accept-encoding': 'gzip' } });
    expect(byApp.status).toBe(200);
    expect(sites.handedOver).toBe(0);
    first.destroy();
    await untilRunning();

    const other = visitor();
    const before = sites.handedOver;
    const bySites = await send(other, { headers: { 'accept-encoding': 'gzip' } });
    expect(sites.handedOver).toBe(before + 1);
    expect(bySites.status).toBe(200);
    expect(gunzipSync(bySites.body).toString('utf8')).toContain('Primera versión');
    // The same page, but for the serve time each stamps into its forms (ADR 0253), with the same key.
    const stampOf = (body: Buffer) => /name="_div_s" value="([^"]*)"/.exec(gunzipSync(body).toString('utf8'))?.[1];
    const unstamped = (body: Buffer) =>
      gunzipSync(body)
        .toString('utf8')
        .replace(/name="_div_s" value="[^"]*"/g, '');
    expect(unstamped(bySites.body)).toBe(unstamped(byApp.body));
    const key = fillStampKeyOf(hostingOfApp(app)?.config ?? testConfig({}));
    for (const answer of [byApp, bySites]) expect(fillStampAge(key, stampOf(answer.body))).not.toBeNull();
    for (const name of ['content-type', 'cache-control', 'vary', 'content-security-policy', 'etag', 'content-encoding']) {
      expect(bySites.headers[name], name).toBe(byApp.headers[name]);
    }
    // Conditional, HEAD, a missing page and the generated robots.txt, on the same connection.
    const etag = String(bySites.headers.etag);
    expect((await send(other, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })).status).toBe(304);
    const head = await send(other, { method: 'HEAD' });
    expect([head.status, head.body.length]).toEqual([200, 0]);
    expect((await send(other, { path: '/no-existe' })).status).toBe(404);
    const robots = await send(other, { path: '/robots.txt' });
    expect(robots.body.toString()).toContain('Sitemap: ');
    expect(robots.reused).toBe(true);
    expect(sites.handedOver).toBe(before + 1);
    other.destroy();
    // The app's own connections stay the app's.
    const appAgent = visitor();
    const health = await send(appAgent, { host: 'app.test', path: '/api/health' });
    expect([health.status, sites.handedOver]).toEqual([200, before + 1]);
    appAgent.destroy();
    // The process holds none of the app's secrets.
    const environment = readFileSync(`/proc/${sites.pid}/environ`, 'utf8');
    expect(environment).toContain('DIV_SITE_APP_SOCKET=');
    expect(environment).not.toContain('SESSION_SECRET');
    // Without V8's memory reducer (ADR 0231: idle full collections sent Node's per-request tick
    // objects down V8's slow path for good, a tenth of the process's CPU).
    expect(readFileSync(`/proc/${sites.pid}/cmdline`, 'utf8').split('\0')).toContain('--no-memory-reducer');
  }, 30_000);

  it('serves a redeploy on a connection it already holds, and the app’s Host is refused there', async () => {
    await untilRunning();
    const agent = visitor();
    expect((await send(agent)).body.toString()).toContain('Primera versión');
    await deploy('Segunda versión');
    const after = await send(agent);
    expect(after.reused).toBe(true);
    expect(after.body.toString()).toContain('Segunda versión');
    expect(after.body.toString()).not.toContain('Primera versión');
    const misdirected = await send(agent, { host: 'app.test', path: '/api/health' });
    expect(misdirected.status).toBe(421);
    agent.destroy();
  }, 30_000);

  it('passes forms, scripts and other methods to the app, for the visitor’s own address', async () => {
    await untilRunning();
    const agent = visitor();
    const home = await send(agent);
    expect(home.body.toString()).toContain('action="/_div/forms/contacto"');
    const script = await send(agent, { path: '/_div/forms.js' });
    expect([script.status, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    const wrongMethod = await send(agent, { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.allow]).toEqual([405, 'GET, HEAD']);
    const post = (peer: string) =>
      send(agent, {
        method: 'POST',
        path: '/_div/forms/contacto',
        // A visitor naming another address in the process's own header gets nowhere with it.
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'x-div-site-peer': peer },
        body: new URLSearchParams({
          _div_page: '/',
          _div_hp: '',
          _div_t: '9000',
          nombre: 'Ana',
          email: 'ana@example.org',
        }).toString(),
      });
    const sent = await post('198.51.100.1');
    expect(sent.status, sent.body.toString()).toBe(303);
    // FORMS_RATE_PER_IP is 1 a minute: the second post from the same visitor is held, whatever it claims.
    expect((await post('198.51.100.2')).status).toBe(429);
    expect(sent.reused || home.reused).toBe(true);
    const inbox = await app.inject({ url: `/api/spaces/${spaceId}/submissions`, headers: auth });
    expect(inbox.json().submissions).toHaveLength(1);
    agent.destroy();
  }, 30_000);

  it('counts every page view exactly, a 304 included, and none of assets or HEAD', async () => {
    await untilRunning();
    const hosting = hostingOfApp(app);
    await new Promise((r) => setTimeout(r, 400));
    await hosting?.views.flush();
    const viewsNow = async () => {
      const stats = await app.inject({ url: `/api/sites/${spaceId}/analytics?days=1`, headers: auth });
      expect(stats.statusCode, stats.body).toBe(200);
      return stats.json().total as number;
    };
    const before = await viewsNow();
    const agents = [visitor(), visitor(), visitor()];
    const handed = sites.handedOver;
    await Promise.all(
      agents.map(async (agent) => {
        for (let i = 0; i < 10; i += 1) await send(agent);
        await send(agent, { method: 'HEAD' });
        await send(agent, { path: '/robots.txt' });
      }),
    );
    expect(sites.handedOver).toBe(handed + 3);
    // The process sends its counts every 250 ms; the app writes them with its own.
    await new Promise((r) => setTimeout(r, 400));
    await hosting?.views.flush();
    expect(await viewsNow()).toBe(before + 30);
    for (const agent of agents) agent.destroy();
  }, 30_000);

  it('one site however its Host is spelt: ports, a trailing dot and case cost no new copy (issue 36 #8)', async () => {
    await send(visitor());
    await untilRunning();
    await send(new http.Agent({ keepAlive: false }));
    const looked = sites.lookups;
    const handed = sites.handedOver;
    const variants = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? `${host.toUpperCase()}:${8000 + i}` : i % 3 === 1 ? `${host}.:${9000 + i}` : `${host}:${1000 + i}`,
    );
    for (const variant of variants) {
      const answer = await send(new http.Agent({ keepAlive: false }), { host: variant });
      expect(answer.status, variant).toBe(200);
      expect(answer.body.toString('utf8')).toContain('<h1>');
    }
    // Every variant went to the sites' process, which asked the app about none of them again.
    expect(sites.handedOver - handed).toBe(variants.length);
    expect(sites.lookups - looked).toBe(0);
  });

  it('while the process is down the app serves sites itself, and the process comes back', async () => {
    await untilRunning();
    const pid = sites.pid as number;
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && sites.running; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(sites.running).toBe(false);
    const handed = sites.handedOver;
    const agent = visitor();
    const served = await send(agent);
    expect(served.status).toBe(200);
    expect(served.body.toString()).toContain('Segunda versión');
    expect(sites.handedOver).toBe(handed);
    agent.destroy();
    await untilRunning();
    expect(sites.pid).not.toBe(pid);
    const again = visitor();
    expect((await send(again)).status).toBe(200);
    expect(sites.handedOver).toBe(handed + 1);
    again.destroy();
  }, 30_000);

  it('on shutdown the views it counted last reach the database before it closes', async () => {
    await untilRunning();
    const total = async () =>
      (await database.db.select({ views: pageViews.views }).from(pageViews).where(eq(pageViews.spaceId, spaceId))).reduce(
        (n, row) => n + row.views,
        0,
      );
    await new Promise((r) => setTimeout(r, 400));
    await hostingOfApp(app)?.views.flush();
    const before = await total();
    const agent = visitor();
    for (let i = 0; i < 7; i += 1) await send(agent);
    agent.destroy();
    // At once: the process has not sent these yet (it sends every 250 ms).
    await app.close();
    expect(await total()).toBe(before + 7);
  }, 30_000);
});
