import { sharedSpacesResponseSchema } from '@div/shared/members';
import { listSpacesResponseSchema, spaceThumbnailResponseSchema } from '@div/shared/spaces';
import { withoutScripts } from '@div/site-engine/without-scripts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { spaceMembers } from '../../db/schema/members';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><link rel="stylesheet" href="style.css"></head>` +
  `<body><h1>${title}</h1><script>document.body.dataset.ran = "1"</script><script src="script.js"></script></body></html>`;

/** What the project cards need from the server (issue 22, ADR 0187). */
describe.each(testDrivers)('project cards on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let alice: User;
  let bob: User;
  let carol: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { SITES_DOMAIN: 'sites.test' });
    alice = await createTestUser(database);
    bob = await createTestUser(database);
    carol = await createTestUser(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);
  async function createSpace(user: User, name: string, title: string) {
    const res = await call(user, 'POST', '/api/spaces', { name });
    expect(res.statusCode).toBe(201);
    const space = res.json().space as { id: string; revision: number };
    const saved = await call(user, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: space.revision,
      replaceAll: true,
      files: [
        { path: 'index.html', content: page(title) },
        { path: 'style.css', content: 'h1 { color: #123456; }' },
        { path: 'script.js', content: 'console.log("hola")' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    return { id: space.id, revision: saved.json().revision as number };
  }
  const list = async (user: User) => {
    const res = await call(user, 'GET', '/api/spaces');
    expect(res.statusCode).toBe(200);
    return listSpacesResponseSchema.parse(res.json()).spaces;
  };

  it('the list tells two same-named spaces apart: where one is published, and when each was last edited', async () => {
    const first = await createSpace(alice, 'Panadería', 'Primera');
    const second = await createSpace(alice, 'Panadería', 'Segunda');
    // Read (and cached for this stamp) before the deploy: publishing must change the answer.
    const before = await list(alice);
    expect(before.find((s) => s.id === first.id)?.published).toBeNull();

    const deployed = await call(alice, 'POST', '/api/deploy', { spaceId: first.id });
    expect(deployed.statusCode, deployed.body).toBe(200);
    const after = await list(alice);
    const one = after.find((s) => s.id === first.id);
    const two = after.find((s) => s.id === second.id);
    expect(one?.published).toEqual({
      address: 'panaderia.sites.test',
      url: 'http://panaderia.sites.test/',
      at: expect.any(String),
    });
    expect(Date.parse(one?.published?.at ?? '')).not.toBeNaN();
    expect(two?.published).toBeNull();
    expect(Date.parse(one?.updatedAt ?? '')).toBeLessThan(Date.parse(two?.updatedAt ?? ''));

    // A new subdomain is the new address at once.
    const renamed = await call(alice, 'PUT', `/api/sites/${first.id}/slug`, { slug: 'panaderia-centro' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list(alice)).find((s) => s.id === first.id)?.published?.address).toBe('panaderia-centro.sites.test');
    // The settings picker tells them apart too: when each was last edited.
    const sites = (await call(alice, 'GET', '/api/sites')).json().sites as { spaceId: string; editedAt: string }[];
    expect(sites.find((s) => s.spaceId === first.id)?.editedAt).toBe(one?.updatedAt);
    expect(sites.find((s) => s.spaceId === second.id)?.editedAt).toBe(two?.updatedAt);

    // Member-scoped: nobody else sees either.
    expect((await list(bob)).map((s) => s.id)).not.toContain(first.id);
  });

  it('a member sees the published address on the shared card; the thumbnail is the page without scripts', async () => {
    const space = await createSpace(alice, 'Compartido', 'Mi página');
    const deployed = await call(alice, 'POST', '/api/deploy', { spaceId: space.id });
    expect(deployed.statusCode, deployed.body).toBe(200);
    await database.db.insert(spaceMembers).values({ spaceId: space.id, userId: bob.id, role: 'viewer' });

    const shared = sharedSpacesResponseSchema.parse((await call(bob, 'GET', '/api/shared-spaces')).json()).spaces;
    expect(shared.find((s) => s.id === space.id)?.published?.address).toBe('compartido.sites.test');

    for (const user of [alice, bob]) {
      const res = await call(user, 'GET', `/api/spaces/${space.id}/thumbnail?revision=${space.revision}`);
      expect(res.statusCode, res.body).toBe(200);
      const thumbnail = spaceThumbnailResponseSchema.parse(res.json());
      expect(thumbnail.revision).toBe(space.revision);
      expect(thumbnail.html).toContain('<h1>Mi página</h1>');
      expect(thumbnail.html).toContain('color: #123456');
      expect(thumbnail.html).not.toMatch(/<script|dataset\.ran|console\.log/i);
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
    }
    // A revision that is not the current one is answered, but never kept.
    const stale = await call(alice, 'GET', `/api/spaces/${space.id}/thumbnail?revision=0`);
    expect(stale.headers['cache-control']).toBe('private, no-cache');

    // Member-scoped: another person gets 404, nobody signed in 401, a bad revision 400 with a message.
    expect((await call(carol, 'GET', `/api/spaces/${space.id}/thumbnail`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/spaces/${space.id}/thumbnail`)).statusCode).toBe(401);
    const bad = await call(alice, 'GET', `/api/spaces/${space.id}/thumbnail?revision=uno`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/revision/);
  });

  it('leaves out every script, closed or not', () => {
    expect(withoutScripts('<p>a</p><SCRIPT type="module">x()</SCRIPT ><p>b</p><script>y(')).toBe('<p>a</p><p>b</p>');
  });
});
