import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { deployResponseSchema, listSitesResponseSchema, PUBLISHING_MESSAGES } from '@div/shared/publishing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { deploymentFiles, sites } from '../../db/schema/publishing';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { hostingOfApp } from '../hosting/front-door';

type User = Awaited<ReturnType<typeof createTestUser>>;
const SITES = 'sites.test';

const page = (title: string, body = '') =>
  `<!DOCTYPE html>\n<html lang="es"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="style.css"></head>\n<body><h1>${title}</h1>${body}<p>${'Contenido del sitio publicado. '.repeat(40)}</p><script src="script.js"></script></body></html>\n`;

describe.each(testDrivers)('publishing on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let alice: User;
  let bob: User;
  let pro: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { SITES_DOMAIN: SITES, PUBLIC_URL: 'http://app.test', ANALYTICS_FLUSH_MS: '60000' });
    alice = await createTestUser(database, { plan: 'free' });
    bob = await createTestUser(database, { plan: 'free' });
    pro = await createTestUser(database, { plan: 'pro' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);
  const visit = (host: string, url = '/', headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers: { host, ...headers } });

  async function createSpace(user: User, name: string) {
    const res = await call(user, 'POST', '/api/spaces', { name });
    expect(res.statusCode).toBe(201);
    return res.json().space as { id: string; revision: number };
  }
  async function saveFiles(user: User, space: { id: string; revision: number }, files: { path: string; content: string }[]) {
    const res = await call(user, 'PUT', `/api/spaces/${space.id}/files`, { revision: space.revision, files, replaceAll: true });
    expect(res.statusCode).toBe(200);
    space.revision = res.json().revision;
  }
  async function deploy(user: User, spaceId: string, extra: object = {}) {
    const res = await call(user, 'POST', '/api/deploy', { spaceId, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return deployResponseSchema.parse(res.json());
  }

  it('deploys a space and serves it on {slug}.{SITES_DOMAIN}, with extra pages at their paths', async () => {
    const space = await createSpace(alice, 'Panadería Sol');
    await saveFiles(alice, space, [
      { path: 'index.html', content: page('Inicio', '<a href="about.html">Sobre</a>') },
      { path: 'about.html', content: page('Sobre nosotros') },
      { path: 'style.css', content: `body { color: #123; }\n${'.x{margin:0}\n'.repeat(50)}` },
      { path: 'script.js', content: 'console.log("hola")' },
    ]);
    const result = await deploy(alice, space.id);
    expect(result.message).toBe('Deployment successful');
    expect(result.url).toBe('http://panaderia-sol.sites.test/');

    const home = await visit('panaderia-sol.sites.test');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('<h1>Inicio</h1>');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-security-policy']).toContain("default-src 'self' https:");
    expect(home.headers['set-cookie']).toBeUndefined();

    for (const url of ['/about.html', '/about']) {
      const about = await visit('panaderia-sol.sites.test', url);
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain('<h1>Sobre nosotros</h1>');
    }
    const css = await visit('panaderia-sol.sites.test', '/style.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=60, must-revalidate');

    const head = await visit('panaderia-sol.sites.test', '/', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(home.body));

    // The site's own 404 for unknown paths, and a 404 page for a host that matches nothing.
    const missing = await visit('panaderia-sol.sites.test', '/no-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Página no encontrada');
    const nobody = await visit('nadie-aqui.sites.test');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.body).toContain('Sitio no encontrado');
    // Methods other than GET and HEAD are refused on sites.
    expect((await app.inject({ method: 'POST', url: '/', headers: { host: 'panaderia-sol.sites.test' } })).statusCode).toBe(405);
  });

  it("never serves a site on the app's own host, and the API is not reachable on a site's host", async () => {
    const spa = await call(alice, 'GET', '/api/sites');
    expect(spa.statusCode).toBe(200);
    const siteApi = await app.inject({
      method: 'GET',
      url: '/api/sites',
      headers: { host: 'panaderia-sol.sites.test', authorization: alice.authorization },
    });
    expect(siteApi.statusCode).toBe(404);
    expect(siteApi.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('serves precomputed gzip and brotli by Accept-Encoding, with strong ETags and 304s', async () => {
    const identity = await visit('panaderia-sol.sites.test', '/');
    const gz = await visit('panaderia-sol.sites.test', '/', { 'accept-encoding': 'gzip, deflate' });
    const br = await visit('panaderia-sol.sites.test', '/', { 'accept-encoding': 'gzip, deflate, br' });
    const noBr = await visit('panaderia-sol.sites.test', '/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(noBr.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gz.rawPayload).toString()).toBe(identity.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    for (const res of [identity, gz, br]) expect(res.headers.vary).toBe('Accept-Encoding');

    const etags = [identity, gz, br].map((r) => r.headers.etag as string);
    for (const tag of etags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(etags).size).toBe(3);

    const again = await visit('panaderia-sol.sites.test', '/', { 'accept-encoding': 'br', 'if-none-match': etags[2] as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etags[2]);
    const stale = await visit('panaderia-sol.sites.test', '/', { 'if-none-match': '"otra-cosa"' });
    expect(stale.statusCode).toBe(200);
  });

  it('a second deploy replaces the live content; an earlier deployment can be made live again', async () => {
    const space = await createSpace(alice, 'Versiones');
    const first = await deploy(alice, space.id, { html: page('Primera') });
    const host = 'versiones.sites.test';
    expect((await visit(host)).body).toContain('<h1>Primera</h1>');
    const etagBefore = (await visit(host)).headers.etag as string;

    const second = await deploy(alice, space.id, { html: page('Segunda') });
    const now = await visit(host, '/', { 'if-none-match': etagBefore });
    expect(now.statusCode).toBe(200);
    expect(now.body).toContain('<h1>Segunda</h1>');

    const list = await call(alice, 'GET', `/api/sites/${space.id}/deployments`);
    expect(list.statusCode).toBe(200);
    const deployments = list.json().deployments as { id: string; live: boolean }[];
    expect(deployments.map((d) => d.id)).toEqual([second.deploymentId, first.deploymentId]);
    expect(deployments.map((d) => d.live)).toEqual([true, false]);

    const rollback = await call(alice, 'POST', `/api/sites/${space.id}/deployments/${first.deploymentId}/activate`);
    expect(rollback.statusCode).toBe(200);
    expect((await visit(host)).body).toContain('<h1>Primera</h1>');
    // Another user can neither list nor roll back this space.
    expect((await call(bob, 'GET', `/api/sites/${space.id}/deployments`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/sites/${space.id}/deployments/${second.deploymentId}/activate`)).statusCode).toBe(404);
  });

  it('the site cache keeps one deployment per site: redeploys and rollbacks do not grow it', async () => {
    const hosting = hostingOfApp(app);
    if (!hosting) throw new Error('no hosting');
    const space = await createSpace(alice, 'Redespliegues');
    const host = 'redespliegues.sites.test';
    // About 1.5 MB of files that do not compress away (random text), different on every deploy.
    const siteOf = (n: number) => [
      { path: 'index.html', content: page(`Versión ${n}`) },
      { path: 'datos.js', content: `// ${n}\n${randomBytes(700 * 1024).toString('base64')}` },
    ];
    const before = hosting.cacheStats();
    const held: number[] = [];
    const ids: string[] = [];
    for (let n = 1; n <= 12; n++) {
      ids.push((await deploy(alice, space.id, { files: siteOf(n) })).deploymentId);
      const served = await visit(host);
      expect(served.body).toContain(`<h1>Versión ${n}</h1>`);
      held.push(hosting.cacheStats().bytes - before.bytes);
    }
    expect(hosting.cacheStats().deployments - before.deployments).toBe(1);
    // The bytes held after the 12th deploy are those of one deployment (+-10 %), not twelve.
    const one = held[0] as number;
    expect(one).toBeGreaterThan(900 * 1024);
    for (const bytes of held) expect(Math.abs(bytes - one)).toBeLessThan(one * 0.1);
    // A rollback loads the earlier deployment and lets the later one go.
    const rollback = await call(alice, 'POST', `/api/sites/${space.id}/deployments/${ids[2]}/activate`);
    expect(rollback.statusCode).toBe(200);
    expect((await visit(host)).body).toContain('<h1>Versión 3</h1>');
    expect(hosting.cacheStats().deployments - before.deployments).toBe(1);
  });

  it('stores a compressed file as its variants alone, and every reader gets the exact bytes back (ADR 0227)', async () => {
    const space = await createSpace(alice, 'Sin cuerpo');
    const html = page('Guardado · ñandú 日本語 🚀', '<form><input name="email" type="email"><button>Enviar</button></form>');
    const files = [
      { path: 'index.html', content: html },
      { path: 'style.css', content: `body{color:#222}\n${'.c{margin:0}\n'.repeat(200)}` },
      { path: 'tiny.txt', content: 'hola' },
    ];
    const { deploymentId } = await deploy(alice, space.id, { files });
    const rows = await database.db
      .select({ path: deploymentFiles.path, body: deploymentFiles.body, gzip: deploymentFiles.gzip })
      .from(deploymentFiles)
      .where(eq(deploymentFiles.deploymentId, deploymentId));
    const byPath = new Map(rows.map((r) => [r.path, r]));
    // Pages and stylesheets: gzip and brotli only; too small to compress: the body; DIV's own files
    // (read by SQL, ADR 0208): always the body.
    expect(byPath.get('index.html')?.body).toBeNull();
    expect(byPath.get('style.css')?.body).toBeNull();
    expect(byPath.get('tiny.txt')?.body?.toString()).toBe('hola');
    expect(byPath.get('tiny.txt')?.gzip).toBeNull();
    expect(byPath.get('_div/forms.json')?.body?.toString()).toContain('email');
    expect(byPath.get('_div/images.json')?.body?.toString()).toBe('[]');

    // A new instance reads the deployment from the database: the same bytes and ETags as the one that deployed it.
    const other = await createTestApp(database, { SITES_DOMAIN: SITES, PUBLIC_URL: 'http://app.test' });
    try {
      for (const url of ['/', '/style.css', '/tiny.txt']) {
        const local = await visit('sin-cuerpo.sites.test', url);
        const read = await other.inject({ url, headers: { host: 'sin-cuerpo.sites.test' } });
        expect(read.statusCode).toBe(200);
        // A page with a form differs only by the serve time stamped into it (ADR 0253).
        const unstamped = (body: Buffer) => body.toString('latin1').replace(/name="_div_s" value="[^"]*"/g, '');
        expect(unstamped(read.rawPayload)).toBe(unstamped(local.rawPayload));
        expect(read.headers.etag).toBe(local.headers.etag);
      }
      expect((await other.inject({ url: '/', headers: { host: 'sin-cuerpo.sites.test' } })).body).toContain(
        '<h1>Guardado · ñandú 日本語 🚀</h1>',
      );
    } finally {
      await other.close();
    }

    // Remixing the published site (when the owner allows it) copies the served pages, unpacked.
    expect((await call(alice, 'PATCH', `/api/spaces/${space.id}`, { allowRemix: true })).statusCode).toBe(200);
    const shared = await call(null, 'GET', `/api/share/${space.id}`);
    expect(shared.statusCode).toBe(200);
    const sharedFiles = (shared.json() as { kind: string; files: { path: string; content: string }[] }).files;
    expect(shared.json().kind).toBe('site');
    expect(sharedFiles.find((f) => f.path === 'style.css')?.content).toBe(files[1]?.content);
    expect(sharedFiles.find((f) => f.path === 'index.html')?.content).toContain('<h1>Guardado · ñandú 日本語 🚀</h1>');
  });

  it('another instance on the same database serves the deployment (read on a miss, fresh after its TTL)', async () => {
    const space = await createSpace(alice, 'Instancias');
    // Non-ASCII text: the files and their variants travel through the database as bytes (ADR 0109).
    await deploy(alice, space.id, { html: page('Uno · ñandú 日本語 🚀') });
    const other = await createTestApp(database, { SITES_DOMAIN: SITES, PUBLIC_URL: 'http://app.test', SITE_CACHE_TTL_MS: '100' });
    try {
      const fetchOther = (headers: Record<string, string> = {}) =>
        other.inject({ url: '/', headers: { host: 'instancias.sites.test', ...headers } });
      const local = await visit('instancias.sites.test', '/');
      expect(local.body).toContain('<h1>Uno · ñandú 日本語 🚀</h1>');
      const br = await fetchOther({ 'accept-encoding': 'br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(local.body);
      const gz = await fetchOther({ 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(local.body);
      expect((await fetchOther()).body).toBe(local.body);
      expect(br.headers.etag).toBe((await visit('instancias.sites.test', '/', { 'accept-encoding': 'br' })).headers.etag);

      await deploy(alice, space.id, { html: page('Dos') });
      await expect.poll(async () => (await fetchOther()).body, { timeout: 5000, interval: 150 }).toContain('<h1>Dos</h1>');
    } finally {
      await other.close();
    }
  });

  it('requires a signed-in owner and content', async () => {
    const space = await createSpace(alice, 'Vacio');
    expect((await call(null, 'POST', '/api/deploy', { spaceId: space.id, html: page('x') })).statusCode).toBe(401);
    expect((await call(bob, 'POST', '/api/deploy', { spaceId: space.id, html: page('x') })).statusCode).toBe(404);
    const blank = await call(alice, 'POST', '/api/deploy', { spaceId: space.id, html: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(PUBLISHING_MESSAGES.noContent);
    await saveFiles(alice, space, [{ path: 'style.css', content: 'body{}' }]);
    const noIndex = await call(alice, 'POST', '/api/deploy', { spaceId: space.id });
    expect(noIndex.json().message).toBe('Deploy requires content');
  });

  it('enforces the slug rules on the server, refuses reserved and taken slugs', async () => {
    const space = await createSpace(alice, 'Renombrar');
    const rename = (user: User, slug: string, id = space.id) => call(user, 'PUT', `/api/sites/${id}/slug`, { slug });
    for (const bad of ['ab', 'con espacio', '-guion', 'guion-', 'a'.repeat(64), 'ñandu', 'sub.dominio', 'doble--guion']) {
      const res = await rename(alice, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(PUBLISHING_MESSAGES.slugInvalid);
    }
    for (const reserved of ['www', 'api', 'app', 'admin', 'mail']) {
      const res = await rename(alice, reserved);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PUBLISHING_MESSAGES.slugReserved);
    }
    const taken = await rename(alice, 'panaderia-sol');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PUBLISHING_MESSAGES.slugTaken);

    await deploy(alice, space.id, { html: page('Renombrado') });
    const ok = await rename(alice, 'Mi-Sitio-2');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().site).toMatchObject({
      slug: 'mi-sitio-2',
      address: 'mi-sitio-2.sites.test',
      url: 'http://mi-sitio-2.sites.test/',
    });
    expect((await visit('mi-sitio-2.sites.test')).body).toContain('Renombrado');
    expect((await visit('renombrar.sites.test')).statusCode).toBe(404);
    expect((await rename(bob, 'robado')).statusCode).toBe(404);

    const listed = listSitesResponseSchema.parse((await call(alice, 'GET', '/api/sites')).json());
    expect(listed.sitesDomain).toBe('sites.test');
    expect(listed.sites.find((s) => s.spaceId === space.id)?.slug).toBe('mi-sitio-2');
  });

  it('two people racing for one slug: exactly one gets it, the other a suffixed slug (or a 409 when renaming)', async () => {
    const [a, b] = await Promise.all([createSpace(alice, 'Carrera'), createSpace(bob, 'Carrera')]);
    if (!a || !b) throw new Error('spaces');
    const [ra, rb] = await Promise.all([deploy(alice, a.id, { html: page('A') }), deploy(bob, b.id, { html: page('B') })]);
    const urls = [ra.url, rb.url];
    expect(urls).toContain('http://carrera.sites.test/');
    expect(new Set(urls).size).toBe(2);
    expect(urls.find((u) => u !== 'http://carrera.sites.test/')).toMatch(/^http:\/\/carrera-[0-9a-f]{6}\.sites\.test\/$/);

    const [c, d] = await Promise.all([createSpace(alice, 'Uno'), createSpace(bob, 'Dos')]);
    if (!c || !d) throw new Error('spaces');
    await Promise.all([deploy(alice, c.id, { html: page('C') }), deploy(bob, d.id, { html: page('D') })]);
    const answers = await Promise.all([
      call(alice, 'PUT', `/api/sites/${c.id}/slug`, { slug: 'disputado' }),
      call(bob, 'PUT', `/api/sites/${d.id}/slug`, { slug: 'disputado' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await database.db.select({ spaceId: sites.spaceId }).from(sites).where(eq(sites.slug, 'disputado'));
    expect(holders).toHaveLength(1);
  });

  it('SEO and analytics are medium and pro features: a free user gets a clear message', async () => {
    const space = await createSpace(alice, 'Sin SEO');
    const seo = await call(alice, 'PUT', `/api/sites/${space.id}/seo`, { title: 'T', description: 'D' });
    expect(seo.statusCode).toBe(402);
    expect(seo.json().message).toBe(PUBLISHING_MESSAGES.planRequired);
    const stats = await call(alice, 'GET', `/api/sites/${space.id}/analytics`);
    expect(stats.statusCode).toBe(402);
  });

  it('applies SEO settings at deploy (advanced on pro), with robots.txt and sitemap.xml for each site', async () => {
    const space = await createSpace(pro, 'Tienda Pro');
    const settings = {
      title: 'Tienda "Pro"',
      description: 'La mejor tienda',
      image: 'https://cdn.example.com/og.png',
      indexing: true,
      canonicalUrl: 'https://tienda.example.com/',
      structuredData: '{"@context":"https://schema.org","@type":"Store","name":"Tienda</script>"}',
    };
    const saved = await call(pro, 'PUT', `/api/sites/${space.id}/seo`, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    await deploy(pro, space.id, {
      files: [
        { path: 'index.html', content: page('Vieja') },
        { path: 'contacto.html', content: page('Contacto') },
      ],
    });
    const home = await visit('tienda-pro.sites.test');
    expect(home.body).toContain('<title>Tienda &quot;Pro&quot;</title>');
    expect(home.body).not.toContain('<title>Vieja</title>');
    expect(home.body).toContain('<meta name="description" content="La mejor tienda">');
    expect(home.body).toContain('<meta property="og:image" content="https://cdn.example.com/og.png">');
    expect(home.body).toContain('<link rel="canonical" href="https://tienda.example.com/">');
    expect(home.body).toContain('"@type":"Store"');
    expect(home.body).not.toContain('Tienda</script>');

    const robots = await visit('tienda-pro.sites.test', '/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: http://tienda-pro.sites.test/sitemap.xml');
    const sitemap = await visit('tienda-pro.sites.test', '/sitemap.xml');
    expect(sitemap.body).toContain('<loc>http://tienda-pro.sites.test/</loc>');
    expect(sitemap.body).toContain('<loc>http://tienda-pro.sites.test/contacto</loc>');

    await call(pro, 'PUT', `/api/sites/${space.id}/seo`, { ...settings, indexing: false });
    await deploy(pro, space.id, { html: page('Oculta') });
    expect((await visit('tienda-pro.sites.test')).body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect((await visit('tienda-pro.sites.test', '/robots.txt')).body).toContain('Disallow: /');

    const medium = await createTestUser(database, { plan: 'medium' });
    const mediumSpace = await createSpace(medium, 'Mediano');
    const advanced = await call(medium, 'PUT', `/api/sites/${mediumSpace.id}/seo`, settings);
    expect(advanced.statusCode).toBe(402);
    expect(advanced.json().message).toBe(PUBLISHING_MESSAGES.advancedRequired);
    expect(
      (await call(medium, 'PUT', `/api/sites/${mediumSpace.id}/seo`, { ...settings, canonicalUrl: '', structuredData: '' }))
        .statusCode,
    ).toBe(200);
  });

  it('counts page views exactly under 1,000 concurrent requests, without cookies or addresses', async () => {
    const space = await createSpace(pro, 'Visitas');
    await deploy(pro, space.id, {
      files: [
        { path: 'index.html', content: page('Inicio') },
        { path: 'precios.html', content: page('Precios') },
        { path: 'style.css', content: 'body{}' },
      ],
    });
    const host = 'visitas.sites.test';
    const requests = Array.from({ length: 1000 }, (_, i) =>
      visit(host, i % 4 === 0 ? '/precios' : i % 4 === 1 ? '/style.css' : '/', { 'x-forwarded-for': `10.0.0.${i % 250}` }),
    );
    const answers = await Promise.all(requests);
    expect(answers.every((r) => r.statusCode === 200 && !r.headers['set-cookie'])).toBe(true);
    await visit(host, '/no-existe'); // a 404 is not a view
    await visit(host, '/', {}, 'HEAD'); // nor a HEAD

    const stats = await call(pro, 'GET', `/api/sites/${space.id}/analytics?days=7`);
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(body.total).toBe(750);
    expect(body.topPages).toEqual([
      { path: '/', views: 500 },
      { path: '/precios', views: 250 },
    ]);
    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), views: 750 });
    // Only counts are stored: the table has no column for who visited.
    const columns = await database.db.execute(
      "select column_name from information_schema.columns where table_name = 'page_views' order by column_name",
    );
    const names = ((columns as unknown as { rows: { column_name: string }[] }).rows ?? []).map((r) => r.column_name);
    expect(names).toEqual(['day', 'path', 'space_id', 'views']);
  });
});
