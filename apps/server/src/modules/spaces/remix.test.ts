import { MESSAGES, sharedViewSchema, spaceDetailResponseSchema } from '@div/shared/spaces';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;

/** A site of five files in three kinds and a folder: what a remix must carry over whole. */
const SITE = [
  {
    path: 'index.html',
    content: '<!doctype html><link rel="stylesheet" href="style.css"><h1>Panadería</h1><script src="script.js"></script>',
  },
  { path: 'style.css', content: 'h1 { color: tomato; }' },
  { path: 'script.js', content: 'document.title = "Panadería";' },
  { path: 'about.html', content: '<!doctype html><link rel="stylesheet" href="css/extra.css"><h1>Quiénes somos</h1>' },
  { path: 'css/extra.css', content: 'body { margin: 0; }' },
];

describe.each(testDrivers)('share and remix on %s (issue 25)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database);
    alice = await createTestUser(database, { name: 'Alicia' });
    bob = await createTestUser(database, { name: 'Bruno' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);

  /** A space of `user` holding SITE, with a saved version of the starter page before it. */
  async function siteOf(user: User, name: string) {
    const created = await call(user, 'POST', '/api/spaces', { name });
    const space = created.json().space as { id: string; revision: number };
    const versions = await call(user, 'GET', `/api/spaces/${space.id}/versions`);
    const starterVersion = versions.json().versions[0].id as string;
    const saved = await call(user, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: space.revision,
      files: SITE,
      replaceAll: true,
    });
    expect(saved.statusCode).toBe(200);
    return { id: space.id, starterVersion };
  }

  const filesOf = async (user: User, spaceId: string) => {
    const detail = spaceDetailResponseSchema.parse((await call(user, 'GET', `/api/spaces/${spaceId}`)).json());
    return Object.fromEntries(detail.files.map((f) => [f.id, f.content]));
  };

  it('copies every file of the source into a new space named "(remix)", records its origin and counts it', async () => {
    const source = await siteOf(alice, 'Panadería Sol');
    const res = await call(alice, 'POST', '/api/remix', { spaceId: source.id });
    expect(res.statusCode).toBe(201);
    const remix = res.json().space;
    expect(remix).toMatchObject({
      name: 'Panadería Sol (remix)',
      remixedFrom: { id: source.id, name: 'Panadería Sol' },
      remixCount: 0,
    });
    expect(remix.id).not.toBe(source.id);
    // Every file, the same paths and contents: nothing inlined, nothing of the starter page left.
    expect(await filesOf(alice, remix.id)).toEqual(Object.fromEntries(SITE.map((f) => [f.path, f.content])));
    const detail = spaceDetailResponseSchema.parse((await call(alice, 'GET', `/api/spaces/${remix.id}`)).json());
    expect(detail.versions).toHaveLength(1);
    expect(detail.versions[0]).toMatchObject({ source: 'remix', author: { id: alice.id, name: 'Alicia' } });
    // The source's owner sees how many times it was remixed (in the list and the space).
    const list = (await call(alice, 'GET', '/api/spaces')).json().spaces as { id: string; remixCount: number }[];
    expect(list.find((s) => s.id === source.id)?.remixCount).toBe(1);
    await call(alice, 'POST', '/api/remix', { spaceId: source.id });
    const after = spaceDetailResponseSchema.parse((await call(alice, 'GET', `/api/spaces/${source.id}`)).json());
    expect(after.space.remixCount).toBe(2);
  });

  it('remixes a chosen version', async () => {
    const source = await siteOf(alice, 'Con historia');
    const res = await call(alice, 'POST', '/api/remix', { spaceId: source.id, versionId: source.starterVersion });
    expect(res.statusCode).toBe(201);
    const files = await filesOf(alice, res.json().space.id);
    expect(Object.keys(files).sort()).toEqual(['index.html', 'script.js', 'style.css']);
    expect(files['index.html']).toContain('Tu sitio empieza aquí');
  });

  it('never lets anyone else read or remix a private space, through any share door', async () => {
    const source = await siteOf(alice, 'Privado');
    for (const user of [bob, null]) {
      expect((await call(user, 'GET', `/api/share/${source.id}`)).statusCode).toBe(404);
      expect((await call(user, 'GET', `/api/remix/${source.id}`)).statusCode).toBe(404);
    }
    const remix = await call(bob, 'POST', '/api/remix', { spaceId: source.id });
    expect(remix.statusCode).toBe(404);
    expect(remix.json().message).toBe(MESSAGES.shareNotFound);
    expect((await call(null, 'POST', '/api/remix', { spaceId: source.id })).statusCode).toBe(401);
    // Bob got nothing: his list is as empty as before.
    expect((await call(bob, 'GET', '/api/spaces')).json().spaces).toEqual([]);
    // The share link of a space that does not exist answers the same.
    expect((await call(null, 'GET', '/api/share/no-existe')).json().message).toBe(MESSAGES.shareNotFound);
  });

  it('a public space shares its current files read-only with anyone, and signed-in people remix it', async () => {
    const source = await siteOf(alice, 'Público');
    const made = await call(alice, 'PATCH', `/api/spaces/${source.id}`, { public: true });
    expect(made.json().space.public).toBe(true);

    const view = await call(null, 'GET', `/api/share/${source.id}`);
    expect(view.statusCode).toBe(200);
    const shared = sharedViewSchema.parse(view.json());
    expect(shared).toMatchObject({ name: 'Público', owner: 'Alicia', kind: 'space' });
    expect(shared.files.map((f) => f.path).sort()).toEqual(SITE.map((f) => f.path).sort());
    // Sharing is read-only: another person still cannot change or open it in the editor.
    expect((await call(bob, 'PUT', `/api/spaces/${source.id}/files`, { revision: 2, files: [SITE[0]] })).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/api/spaces/${source.id}`)).statusCode).toBe(404);
    // Nor read its history: a version of a public space is not shared.
    expect((await call(bob, 'POST', '/api/remix', { spaceId: source.id, versionId: source.starterVersion })).statusCode).toBe(
      404,
    );

    const res = await call(bob, 'POST', '/api/remix', { spaceId: source.id });
    expect(res.statusCode).toBe(201);
    expect(await filesOf(bob, res.json().space.id)).toEqual(Object.fromEntries(SITE.map((f) => [f.path, f.content])));
    // The spec's GET /api/remix/{id} still answers the site as one document.
    const html = (await call(null, 'GET', `/api/remix/${source.id}`)).json().html as string;
    expect(html).toContain('color: tomato');

    await call(alice, 'PATCH', `/api/spaces/${source.id}`, { public: false });
    expect((await call(null, 'GET', `/api/share/${source.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', '/api/remix', { spaceId: source.id })).statusCode).toBe(404);
  });

  it('a published site is remixable when its owner allows it: its live files, not the private drafts', async () => {
    const source = await siteOf(alice, 'Publicado');
    expect((await call(alice, 'POST', '/api/deploy', { spaceId: source.id })).statusCode).toBe(200);
    const draft = await call(alice, 'PUT', `/api/spaces/${source.id}/files`, {
      revision: (await call(alice, 'GET', `/api/spaces/${source.id}`)).json().revision,
      files: [{ path: 'style.css', content: 'h1 { color: secret; }' }],
    });
    expect(draft.statusCode).toBe(200);
    expect((await call(bob, 'POST', '/api/remix', { spaceId: source.id })).statusCode).toBe(404);

    const allowed = await call(alice, 'PATCH', `/api/spaces/${source.id}`, { allowRemix: true });
    expect(allowed.json().space).toMatchObject({ allowRemix: true, public: false });
    const shared = sharedViewSchema.parse((await call(null, 'GET', `/api/share/${source.id}`)).json());
    expect(shared.kind).toBe('site');
    const res = await call(bob, 'POST', '/api/remix', { spaceId: source.id });
    expect(res.statusCode).toBe(201);
    const files = await filesOf(bob, res.json().space.id);
    expect(files['style.css']).toContain('tomato');
    expect(Object.values(files).join('\n')).not.toContain('secret');
    expect(Object.keys(files)).toEqual(expect.arrayContaining(SITE.map((f) => f.path)));
  });

  it("never shares nor copies DIV's own files of a deployment (_div/forms.json, _div/images.json; issue 36)", async () => {
    const source = await siteOf(alice, 'Con formulario');
    const form =
      '<!doctype html><h1>Hola</h1><form name="contacto"><input name="email" type="email" required><button>Enviar</button></form>';
    const saved = await call(alice, 'PUT', `/api/spaces/${source.id}/files`, {
      revision: (await call(alice, 'GET', `/api/spaces/${source.id}`)).json().revision,
      files: [{ path: 'index.html', content: form }],
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(alice, 'POST', '/api/deploy', { spaceId: source.id })).statusCode).toBe(200);
    expect((await call(alice, 'PATCH', `/api/spaces/${source.id}`, { allowRemix: true })).statusCode).toBe(200);
    const shared = sharedViewSchema.parse((await call(null, 'GET', `/api/share/${source.id}`)).json());
    expect(shared.kind).toBe('site');
    const sharedPaths = shared.files.map((f) => f.path);
    expect(sharedPaths).toContain('index.html');
    expect(sharedPaths.filter((p) => p.startsWith('_div/'))).toEqual([]);
    const res = await call(bob, 'POST', '/api/remix', { spaceId: source.id });
    expect(res.statusCode).toBe(201);
    const files = await filesOf(bob, res.json().space.id);
    expect(Object.keys(files)).toContain('index.html');
    expect(Object.keys(files).filter((p) => p.startsWith('_div/'))).toEqual([]);
    expect(Object.values(files).join('\n')).not.toContain('"required"');
  });

  it('only the owner changes sharing', async () => {
    const source = await siteOf(alice, 'Solo mío');
    const res = await call(bob, 'PATCH', `/api/spaces/${source.id}`, { public: true });
    expect(res.statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/share/${source.id}`)).statusCode).toBe(404);
  });
});
