import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { applyBadge, BADGE_TEXT } from './badge';

type User = Awaited<ReturnType<typeof createTestUser>>;

/**
 * The "Hecho con DIV · Remixar" badge (issue 25, ADR 0215): off by default; once the owner lets
 * anyone remix the published site, the next deploy writes it into every page, linking to the share
 * page a visitor can open without signing in.
 */
describe('the remix badge of published sites', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database, { SITES_DOMAIN: 'sites.test', PUBLIC_URL: 'http://app.test' });
    owner = await createTestUser(database, { plan: 'pro' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (method: string, url: string, payload?: unknown, user: User | null = owner) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { host: 'app.test', ...(user ? { authorization: user.authorization } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const page = async (host: string, url: string) => (await app.inject({ method: 'GET', url, headers: { host } })).body;

  it('is off by default and appears in every page after the owner allows remixing and deploys again', async () => {
    const { space } = (await call('POST', '/api/spaces', { name: 'Cerámica Lúa' })).json();
    const files = [
      { path: 'index.html', content: '<!DOCTYPE html><html lang="es"><body><h1>Lúa</h1></body></html>' },
      { path: 'taller.html', content: '<h1>Taller</h1>' },
      { path: 'style.css', content: 'body{margin:0}' },
    ];
    const saved = await call('PUT', `/api/spaces/${space.id}/files`, { revision: space.revision, files, replaceAll: true });
    expect(saved.statusCode).toBe(200);
    const first = await call('POST', '/api/deploy', { spaceId: space.id });
    expect(first.statusCode, first.body).toBe(200);
    const host = new URL(first.json().url).host;
    expect(await page(host, '/')).not.toContain(BADGE_TEXT);

    expect((await call('PATCH', `/api/spaces/${space.id}`, { allowRemix: true })).statusCode).toBe(200);
    expect((await call('POST', '/api/deploy', { spaceId: space.id })).statusCode).toBe(200);
    const index = await page(host, '/');
    const link = `<a href="http://app.test/share/${space.id}" lang="es" data-div-badge`;
    expect(index).toContain(link);
    expect(index.indexOf(BADGE_TEXT)).toBeLessThan(index.indexOf('</body>'));
    expect(await page(host, '/taller.html')).toContain(link);
    expect(await page(host, '/style.css')).toBe('body{margin:0}');
    // Where it leads answers anyone, signed in or not.
    expect((await call('GET', `/api/share/${space.id}`, undefined, null)).statusCode).toBe(200);

    expect((await call('PATCH', `/api/spaces/${space.id}`, { allowRemix: false })).statusCode).toBe(200);
    expect((await call('POST', '/api/deploy', { spaceId: space.id })).statusCode).toBe(200);
    expect(await page(host, '/')).not.toContain(BADGE_TEXT);
  });

  it('goes before the last closing body tag, or at the end of a page without one', () => {
    expect(applyBadge('<body><p>a</p></body><!-- </body> --></BODY >', 'B')).toBe(
      '<body><p>a</p></body><!-- </body> -->B\n</BODY >',
    );
    expect(applyBadge('<p>solo</p>', 'B')).toBe('<p>solo</p>\nB\n');
  });
});
