import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  FILE_MAX_BYTES,
  listSpacesResponseSchema,
  MESSAGES,
  SPACE_DESCRIPTION,
  SPACE_NAME_MAX,
  SPACES_PAGE_SIZE,
  spaceDetailResponseSchema,
} from '@div/shared/spaces';
import { codePointPatch } from '@div/shared/text-patch';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../../db/client';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { createSession } from '../auth/sessions';

type User = Awaited<ReturnType<typeof createTestUser>>;

describe.each(testDrivers)('spaces API on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database);
    alice = await createTestUser(database);
    bob = await createTestUser(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);

  async function create(user: User, name = 'Mi web') {
    const res = await call(user, 'POST', '/api/spaces', { name, description: 'ignorado' });
    expect(res.statusCode).toBe(201);
    return res.json().space as { id: string; revision: number };
  }

  it('creates a space with the starter files, the fixed description and a first version', async () => {
    const res = await call(alice, 'POST', '/api/spaces', { name: '  Panadería Sol  ', description: 'lo que sea' });
    expect(res.statusCode).toBe(201);
    const { space } = res.json();
    expect(space).toMatchObject({ name: 'Panadería Sol', description: SPACE_DESCRIPTION, public: false, revision: 1 });
    expect(Date.parse(space.createdAt)).not.toBeNaN();

    const detail = await call(alice, 'GET', `/api/spaces/${space.id}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(detail.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(spaceDetailResponseSchema.parse(body)).toEqual(body);
    expect(body.revision).toBe(1);
    expect(body.files.map((f: { id: string }) => f.id)).toEqual(['index.html', 'style.css', 'script.js']);
    expect(body.files[0]).toMatchObject({ id: 'index.html', name: 'index.html', type: 'file', language: 'html' });
    expect(body.files[0].content).toContain('style.css');
    expect(body.files[1].language).toBe('css');
    expect(body.files[2].language).toBe('javascript');
    expect(body.versions).toHaveLength(1);
    expect(body.versions[0]).toMatchObject({ source: 'initial', revision: 1, prompt: null });
    expect(body.space).toEqual(space);
    const versions = (await call(alice, 'GET', `/api/spaces/${space.id}/versions`)).json().versions;
    expect(body.versions).toEqual(versions);
  });

  it('lists only the own spaces, newest first', async () => {
    const user = await createTestUser(database);
    const first = await create(user, 'Primero');
    const second = await create(user, 'Segundo');
    await create(bob, 'De Bob');
    const res = await call(user, 'GET', '/api/spaces');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(listSpacesResponseSchema.parse(body)).toEqual(body);
    expect(body.spaces.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    // The list and the create answer agree field by field (dates in the same ISO form).
    expect(body.spaces[1]).toEqual({ ...first, published: null });
    expect(body).toMatchObject({ nextCursor: null, total: 2 });
    const empty = await call(await createTestUser(database), 'GET', '/api/spaces');
    expect(empty.json()).toEqual({ spaces: [], nextCursor: null, total: 0 });
  });

  it('pages the list by cursor: every space exactly once, newest first, bounded pages', async () => {
    const user = await createTestUser(database);
    const created: string[] = [];
    for (let i = 0; i < SPACES_PAGE_SIZE + 7; i++) created.push((await create(user, `Proyecto ${i}`)).id);
    // Two spaces with the same creation instant are still ordered and paged without loss.
    await database.db.execute(
      sql`update spaces set created_at = (select created_at from spaces where id = ${created[3]}) where id = ${created[4]}`,
    );
    const expected = (
      await rowsOf<{ id: string }>(
        database.db,
        sql`select id from spaces where owner_id = ${user.id} order by created_at desc, id desc`,
      )
    ).map((r) => r.id);
    expect(new Set(expected)).toEqual(new Set(created));

    const first = await call(user, 'GET', '/api/spaces');
    const firstBody = listSpacesResponseSchema.parse(first.json());
    expect(firstBody.spaces).toHaveLength(SPACES_PAGE_SIZE);
    expect(firstBody.total).toBe(created.length);
    expect(firstBody.nextCursor).toEqual(expect.any(String));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(user, 'GET', `/api/spaces?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = listSpacesResponseSchema.parse(res.json());
      expect(page.spaces.length).toBeLessThanOrEqual(4);
      seen.push(...page.spaces.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);

    // A space created while paging appears on the first page, never shifting the later pages.
    const page1 = listSpacesResponseSchema.parse((await call(user, 'GET', '/api/spaces?limit=5')).json());
    const fresh = await create(user, 'Recién creado');
    const page2 = listSpacesResponseSchema.parse(
      (await call(user, 'GET', `/api/spaces?limit=5&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`)).json(),
    );
    expect(page2.spaces.map((s) => s.id)).toEqual(expected.slice(5, 10));
    expect(page2.total).toBe(created.length + 1);
    const again = listSpacesResponseSchema.parse((await call(user, 'GET', '/api/spaces?limit=5')).json());
    expect(again.spaces[0]?.id).toBe(fresh.id);
  });

  it('refuses a malformed cursor or limit with a 400 and a message, and pages only the own spaces', async () => {
    for (const query of [
      'cursor=nada',
      `cursor=${Buffer.from('2026-01-01|x').toString('base64url')}`,
      'limit=0',
      'limit=101',
      'limit=dos',
    ]) {
      const res = await call(alice, 'GET', `/api/spaces?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
    }
    expect((await call(alice, 'GET', '/api/spaces?cursor=nada')).json().message).toBe(MESSAGES.badCursor);
    // Another user's cursor only says where to continue: the answer still holds the reader's spaces.
    await create(alice, 'Una');
    await create(alice, 'Otra');
    const aliceFirst = listSpacesResponseSchema.parse((await call(alice, 'GET', '/api/spaces?limit=1')).json());
    expect(aliceFirst.nextCursor).not.toBeNull();
    const bobsView = listSpacesResponseSchema.parse(
      (await call(bob, 'GET', `/api/spaces?limit=100&cursor=${encodeURIComponent(aliceFirst.nextCursor ?? '')}`)).json(),
    );
    const bobs = new Set(
      listSpacesResponseSchema.parse((await call(bob, 'GET', '/api/spaces?limit=100')).json()).spaces.map((s) => s.id),
    );
    for (const space of bobsView.spaces) expect(bobs.has(space.id)).toBe(true);
    expect((await call(null, 'GET', '/api/spaces?limit=5')).statusCode).toBe(401);
  });

  it('rejects blank and too long names with a message', async () => {
    for (const name of ['', '    ']) {
      const res = await call(alice, 'POST', '/api/spaces', { name, description: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.nameRequired);
    }
    const long = await call(alice, 'POST', '/api/spaces', { name: 'x'.repeat(SPACE_NAME_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MESSAGES.nameTooLong);
    const exact = await call(alice, 'POST', '/api/spaces', { name: ` ${'x'.repeat(SPACE_NAME_MAX)} ` });
    expect(exact.statusCode).toBe(201);
    const missing = await call(alice, 'POST', '/api/spaces', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBeTruthy();
  });

  it('renames and deletes a space', async () => {
    const space = await create(alice, 'Viejo');
    const renamed = await call(alice, 'PATCH', `/api/spaces/${space.id}`, { name: ' Nuevo ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().space.name).toBe('Nuevo');
    expect((await call(alice, 'PATCH', `/api/spaces/${space.id}`, { name: ' ' })).statusCode).toBe(400);

    const del = await call(alice, 'DELETE', `/api/spaces/${space.id}`);
    expect(del.statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/spaces/${space.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/spaces/${space.id}`)).statusCode).toBe(404);
    const list = await call(alice, 'GET', '/api/spaces');
    expect(list.json().spaces.some((s: { id: string }) => s.id === space.id)).toBe(false);
  });

  it('saves one file, a whole set and deletions, bumping the revision', async () => {
    const space = await create(alice);
    const one = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 1,
      files: [{ path: 'index.html', content: '<h1>Hola</h1>' }],
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().revision).toBe(2);
    let detail = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(detail.files).toHaveLength(3);
    expect(detail.files.find((f: { id: string }) => f.id === 'index.html').content).toBe('<h1>Hola</h1>');

    const added = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 2,
      files: [{ path: 'css/extra.css', content: 'p{}' }],
      deletePaths: ['script.js'],
    });
    expect(added.json().revision).toBe(3);
    detail = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(detail.files.map((f: { id: string }) => f.id).sort()).toEqual(['css/extra.css', 'index.html', 'style.css']);
    expect(detail.files.find((f: { id: string }) => f.id === 'css/extra.css')).toMatchObject({
      name: 'extra.css',
      language: 'css',
    });

    const whole = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 3,
      replaceAll: true,
      files: [
        { path: 'index.html', content: '<p>a</p>' },
        { path: 'about.html', content: '<p>b</p>' },
      ],
    });
    expect(whole.statusCode).toBe(200);
    detail = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(detail.files.map((f: { id: string }) => f.id)).toEqual(['index.html', 'about.html']);
    expect(detail.revision).toBe(4);
    // Saving files does not create versions: only explicit saves, generations, restores and resets do.
    expect(detail.versions).toHaveLength(1);
  });

  it('saves a file sent as one replacement of the revision it was made on, refusing a wrong base (ADR 0209)', async () => {
    const space = await create(alice);
    // Astral characters (two UTF-16 units, one character) before the change: positions count characters.
    const page = `<main>${'<p>relleno 🍞</p>'.repeat(2000)}<h1>Hola ñandú</h1></main>`;
    const saved = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 1,
      files: [{ path: 'index.html', content: page }],
    });
    expect(saved.json().revision).toBe(2);
    const patch = codePointPatch('index.html', page, page.indexOf('Hola'), 'Hola'.length, 'Adiós 🥖');
    expect(patch.at).toBe(page.indexOf('Hola') - 2000);
    const at = patch.at;
    const length = patch.length;
    const patched = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 2,
      files: [{ path: 'style.css', content: 'h1{color:red}' }],
      patches: [patch],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().revision).toBe(3);
    const files = async () =>
      new Map<string, string>(
        (await call(alice, 'GET', `/api/spaces/${space.id}`))
          .json()
          .files.map((f: { id: string; content: string }) => [f.id, f.content]),
      );
    const after = page.replace('Hola ñandú', 'Adiós 🥖 ñandú');
    const afterLength = [...after].length;
    expect((await files()).get('index.html')).toBe(after);
    expect((await files()).get('style.css')).toBe('h1{color:red}');

    // A base of another length, a range past the end, a missing file or a stale revision change nothing.
    const refused = [
      [{ revision: 3, files: [], patches: [{ path: 'index.html', at, remove: 5, insert: 'X', length }] }, 409],
      [
        {
          revision: 3,
          files: [],
          patches: [{ path: 'index.html', at: afterLength, remove: 1, insert: 'X', length: afterLength }],
        },
        409,
      ],
      [{ revision: 3, files: [], patches: [{ path: 'nada.html', at: 0, remove: 0, insert: 'X', length: 0 }] }, 404],
      [{ revision: 2, files: [], patches: [{ path: 'index.html', at, remove: 5, insert: 'X', length: afterLength }] }, 409],
      [
        {
          revision: 3,
          files: [{ path: 'index.html', content: 'x' }],
          patches: [{ path: 'index.html', at: 0, remove: 0, insert: 'X', length: afterLength }],
        },
        400,
      ],
    ] as const;
    for (const [body, status] of refused) {
      const res = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    expect((await files()).get('index.html')).toBe(after);
    expect((await call(alice, 'GET', `/api/spaces/${space.id}`)).json().revision).toBe(3);
  });

  it('answers 304 to a revalidation of an unchanged space and 200 after any change', async () => {
    const space = await create(alice, 'Cache');
    const get = (user: User, etag?: string) =>
      app.inject({
        url: `/api/spaces/${space.id}`,
        headers: { authorization: user.authorization, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await get(alice);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(alice, etag);
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    // Another user's revalidation reveals nothing: still 404.
    expect((await get(bob, etag)).statusCode).toBe(404);

    await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 1, files: [{ path: 'index.html', content: 'nuevo' }] });
    const afterSave = await get(alice, etag);
    expect(afterSave.statusCode).toBe(200);
    expect(afterSave.json().files[0].content).toBe('nuevo');
    const etag2 = String(afterSave.headers.etag);
    expect(etag2).not.toBe(etag);

    await call(alice, 'PATCH', `/api/spaces/${space.id}`, { name: 'Otro nombre' });
    const afterRename = await get(alice, etag2);
    expect(afterRename.statusCode).toBe(200);
    expect(afterRename.json().space.name).toBe('Otro nombre');

    await call(alice, 'POST', `/api/spaces/${space.id}/versions`, { prompt: 'guardar' });
    expect((await get(alice, String(afterRename.headers.etag))).statusCode).toBe(200);
  });

  it('sends a large space compressed in the encoding the client accepts, the same JSON, revalidated per encoding', async () => {
    const space = await create(alice, 'Comprimido');
    const big = `<!DOCTYPE html><h1>Sección ñandú</h1>${'<p class="x">Texto del sitio, con código y "comillas".</p>\n'.repeat(4000)}`;
    await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 1, files: [{ path: 'index.html', content: big }] });
    const get = (encoding?: string, etag?: string) =>
      app.inject({
        url: `/api/spaces/${space.id}`,
        headers: {
          authorization: alice.authorization,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
          ...(etag ? { 'if-none-match': etag } : {}),
        },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.json().files.find((f: { id: string }) => f.id === 'index.html').content).toBe(big);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();

    // Each representation has its own ETag, and any of them revalidates the same content.
    const tags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(tags.size).toBe(3);
    expect((await get('gzip, br', String(br.headers.etag))).statusCode).toBe(304);
    expect((await get('gzip', String(br.headers.etag))).statusCode).toBe(304);

    // A save changes the compressed answer too (never a stale copy).
    await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 2,
      files: [{ path: 'index.html', content: big.replace('ñandú', 'cambiado') }],
    });
    const after = await get('gzip, deflate, br', String(br.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('<h1>Sección cambiado</h1>');

    // Small answers are not worth compressing.
    const small = await create(alice, 'Pequeño');
    expect(
      (
        await app.inject({
          url: `/api/spaces/${small.id}`,
          headers: { authorization: alice.authorization, 'accept-encoding': 'br' },
        })
      ).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('answers from its caches only while nothing changed: a change through another instance is seen at once', async () => {
    const carol = await createTestUser(database);
    const other = await createTestApp(database);
    try {
      const via = (instance: FastifyInstance, url: string) =>
        instance.inject({ url, headers: { authorization: carol.authorization, 'accept-encoding': 'gzip' } });
      const names = async (instance: FastifyInstance) =>
        (JSON.parse((await via(instance, '/api/spaces')).payload) as { spaces: { name: string }[] }).spaces.map((x) => x.name);
      const space = await create(carol, 'Primero');
      expect(await names(app)).toEqual(['Primero']);

      // Changes made through the other instance: rename, a new space, a saved version, a deletion.
      await other.inject({
        method: 'PATCH',
        url: `/api/spaces/${space.id}`,
        headers: { authorization: carol.authorization },
        payload: { name: 'Renombrado' },
      });
      expect(await names(app)).toEqual(['Renombrado']);
      const detail = async () =>
        (await via(app, `/api/spaces/${space.id}`)).json() as { space: { name: string }; versions: unknown[] };
      expect((await detail()).versions).toHaveLength(1);
      await other.inject({
        method: 'POST',
        url: `/api/spaces/${space.id}/versions`,
        headers: { authorization: carol.authorization },
        payload: { prompt: 'guardar' },
      });
      expect((await detail()).versions).toHaveLength(2);
      const second = (
        await other.inject({
          method: 'POST',
          url: '/api/spaces',
          headers: { authorization: carol.authorization },
          payload: { name: 'Segundo' },
        })
      ).json().space;
      expect(await names(app)).toEqual(['Segundo', 'Renombrado']);
      await other.inject({ method: 'DELETE', url: `/api/spaces/${space.id}`, headers: { authorization: carol.authorization } });
      expect(await names(app)).toEqual(['Segundo']);
      expect((await via(app, `/api/spaces/${space.id}`)).statusCode).toBe(404);
      expect((await via(app, `/api/spaces/${second.id}`)).statusCode).toBe(200);
      // Another user's cached answers never leak: bob sees neither the list nor the space.
      expect((await call(bob, 'GET', `/api/spaces/${second.id}`)).statusCode).toBe(404);
      expect((await call(bob, 'GET', '/api/spaces')).json().spaces.map((x: { id: string }) => x.id)).not.toContain(second.id);
    } finally {
      await other.close();
    }
  });

  it('rejects unsafe paths', async () => {
    const space = await create(alice);
    for (const path of ['../x.html', '/etc/passwd', 'a\\b.html', 'a/../../b.html', 'x\u0001.js', '.env', '']) {
      const res = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 1, files: [{ path, content: 'x' }] });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const del = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 1, files: [], deletePaths: ['../x'] });
    expect(del.statusCode).toBe(400);
    const dup = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 1,
      files: [
        { path: 'a.html', content: '1' },
        { path: 'a.html', content: '2' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    for (const revision of [2 ** 40, -1, 1.5, '1']) {
      const res = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision, files: [] });
      expect(res.statusCode, String(revision)).toBe(400);
    }
    const detail = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(detail.revision).toBe(1);
  });

  it('answers 409 with the current revision to a stale write; of two writers exactly one wins', async () => {
    const space = await create(alice);
    const writes = await Promise.all(
      ['A', 'B'].map((who) =>
        call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 1, files: [{ path: 'index.html', content: who }] }),
      ),
    );
    const codes = writes.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = writes.find((r) => r.statusCode === 200);
    const loser = writes.find((r) => r.statusCode === 409);
    expect(loser?.json()).toMatchObject({ code: 'CONFLICT', revision: 2, message: MESSAGES.conflict });
    const detail = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(winner?.json().revision).toBe(2);
    const winnerContent = ['A', 'B'][writes.findIndex((r) => r.statusCode === 200)];
    expect(detail.files.find((f: { id: string }) => f.id === 'index.html').content).toBe(winnerContent);
    // Retrying with the answered revision succeeds.
    const retry = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 2,
      files: [{ path: 'index.html', content: 'C' }],
    });
    expect(retry.json().revision).toBe(3);
  });

  it('answers 413 with a clear message over the size limits and keeps the files', async () => {
    const space = await create(alice);
    const big = 'a'.repeat(FILE_MAX_BYTES + 1);
    const res = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: 1,
      files: [{ path: 'index.html', content: big }],
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('2 MB');

    // Six files of about 1.9 MB each: every file fits, the space (10 MB) does not.
    const almost = 'b'.repeat(FILE_MAX_BYTES - 100_000);
    const files = Array.from({ length: 6 }, (_, i) => ({ path: `p${i}.html`, content: almost }));
    const total = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 1, files });
    expect(total.statusCode).toBe(413);
    expect(total.json().message).toContain('10 MB');

    // Adding files one at a time is checked against the whole space too.
    let revision = 1;
    for (let i = 0; i < 4; i++) {
      const ok = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision, files: [files[i]] });
      expect(ok.statusCode).toBe(200);
      revision = ok.json().revision;
    }
    const fifth = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision, files: [files[4]] });
    expect(fifth.statusCode).toBe(200);
    revision = fifth.json().revision;
    const sixth = await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision, files: [files[5]] });
    expect(sixth.statusCode).toBe(413);
    const detail = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(detail.revision).toBe(revision);
    expect(detail.files.some((f: { id: string }) => f.id === 'p5.html')).toBe(false);
  });

  it('saves versions, restores by appending and resets to the starter page', async () => {
    const space = await create(alice);
    await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 1, files: [{ path: 'index.html', content: 'uno' }] });
    const saved = await call(alice, 'POST', `/api/spaces/${space.id}/versions`, { prompt: 'primera edición' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().version).toMatchObject({ source: 'save', prompt: 'primera edición', revision: 3 });
    expect(saved.json().revision).toBe(3);

    await call(alice, 'PUT', `/api/spaces/${space.id}/files`, { revision: 3, files: [{ path: 'index.html', content: 'dos' }] });
    const noBody = await call(alice, 'POST', `/api/spaces/${space.id}/versions`);
    expect(noBody.statusCode, noBody.payload).toBe(201);
    // A run of visual edits is kept as an "Edición visual" version; another source is refused.
    const visual = await call(alice, 'POST', `/api/spaces/${space.id}/versions`, { source: 'visual' });
    expect(visual.json().version).toMatchObject({ source: 'visual', prompt: null });
    const wrong = await call(alice, 'POST', `/api/spaces/${space.id}/versions`, { source: 'generation' });
    expect(wrong.statusCode).toBe(400);

    const versions = (await call(alice, 'GET', `/api/spaces/${space.id}/versions`)).json().versions;
    expect(versions.map((v: { source: string }) => v.source)).toEqual(['visual', 'save', 'save', 'initial']);
    const first = versions[2];
    const one = await call(alice, 'GET', `/api/spaces/${space.id}/versions/${first.id}`);
    expect(one.json().version.files.find((f: { path: string }) => f.path === 'index.html').content).toBe('uno');
    expect(one.json().version.html).toContain('uno');

    const restored = await call(alice, 'POST', `/api/spaces/${space.id}/versions/${first.id}/restore`);
    expect(restored.statusCode).toBe(201);
    expect(restored.json().version.source).toBe('restore');
    expect(restored.json().files.find((f: { id: string }) => f.id === 'index.html').content).toBe('uno');
    // The restore names its origin (issue 22), and restoring that restore still names the first origin.
    expect(restored.json().version.restoredFrom).toEqual({ versionId: first.id, createdAt: first.createdAt });
    const again = await call(alice, 'POST', `/api/spaces/${space.id}/versions/${restored.json().version.id}/restore`);
    expect(again.json().version.restoredFrom).toEqual({ versionId: first.id, createdAt: first.createdAt });
    const after = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(after.versions).toHaveLength(6);
    expect(after.versions[0].restoredFrom).toEqual({ versionId: first.id, createdAt: first.createdAt });
    expect(after.versions.at(-1).restoredFrom).toBeNull();
    expect(after.versions.map((v: { id: string }) => v.id)).toContain(first.id);
    expect(after.files.find((f: { id: string }) => f.id === 'index.html').content).toBe('uno');
    expect(after.revision).toBe(again.json().revision);

    const reset = await call(alice, 'POST', `/api/spaces/${space.id}/reset`);
    expect(reset.statusCode).toBe(201);
    expect(reset.json().version.source).toBe('reset');
    const afterReset = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(afterReset.files.map((f: { id: string }) => f.id)).toEqual(['index.html', 'style.css', 'script.js']);
    expect(afterReset.files[0].content).toContain('lang="es"');
    expect(afterReset.versions).toHaveLength(7);

    const missing = await call(alice, 'POST', `/api/spaces/${space.id}/versions/nope/restore`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.versionNotFound);
  });

  it('answers 401 without a valid session on every endpoint', async () => {
    const space = await create(alice);
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/spaces'],
      ['POST', '/api/spaces', { name: 'x', description: '' }],
      ...everyEndpoint(space.id, 'v'),
    ];
    const { token: expired } = await createSession(database, { userId: alice.id, ttlMs: -1000 });
    for (const [method, url, payload] of endpoints) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('No estás autenticado. Por favor, inicia sesión.');
      const old = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${expired}` },
        payload: payload as object,
      });
      expect(old.statusCode, `${method} ${url} (expired)`).toBe(401);
      const bad = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: 'Bearer nope' },
        payload: payload as object,
      });
      expect(bad.statusCode, `${method} ${url}`).toBe(401);
    }
    // The rename checks the session inside its update: a stale session with a bad name is still a
    // 401 (not a 400), and a stale session's rename changes nothing.
    for (const authorization of [`Bearer ${expired}`, 'Bearer nope']) {
      const headers = { authorization };
      const badName = await app.inject({ method: 'PATCH', url: `/api/spaces/${space.id}`, headers, payload: { name: ' ' } });
      expect(badName.statusCode).toBe(401);
      const renamed = await app.inject({ method: 'PATCH', url: `/api/spaces/${space.id}`, headers, payload: { name: 'Robado' } });
      expect(renamed.statusCode).toBe(401);
    }
    expect((await call(alice, 'GET', `/api/spaces/${space.id}`)).json().space.name).toBe('Mi web');
  });

  it('answers requests that arrive together each with its own user (session lookups share a query)', async () => {
    const mine = await create(alice, 'Solo de Alice');
    const theirs = await create(bob, 'Solo de Bob');
    const { token: expired } = await createSession(database, { userId: bob.id, ttlMs: -1000 });
    const stale = { authorization: `Bearer ${expired}` };
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const who = [alice.authorization, bob.authorization, stale.authorization, 'Bearer nope'][i % 4] as string;
        return app.inject({ url: '/api/spaces', headers: { authorization: who } });
      }),
    );
    for (const [i, res] of burst.entries()) {
      if (i % 4 >= 2) {
        expect(res.statusCode, `request ${i}`).toBe(401);
        continue;
      }
      const ids = (res.json().spaces as { id: string }[]).map((x) => x.id);
      expect(ids).toContain(i % 4 === 0 ? mine.id : theirs.id);
      expect(ids).not.toContain(i % 4 === 0 ? theirs.id : mine.id);
    }
  });

  it('applies changes that arrive together in order, each answered as the space stood after it, each checked on its own', async () => {
    const space = await create(alice, 'Antes');
    const bobs = await create(bob, 'De Bob');
    const { token: expired } = await createSession(database, { userId: alice.id, ttlMs: -1000 });
    const patch = (authorization: string, id: string, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/spaces/${id}`, headers: { authorization }, payload });
    const [first, visible, second, intruder, stale, own] = await Promise.all([
      patch(alice.authorization, space.id, { name: 'Uno' }),
      patch(alice.authorization, space.id, { public: true }),
      patch(alice.authorization, space.id, { name: 'Dos' }),
      patch(bob.authorization, space.id, { name: 'De Bob ahora' }),
      patch(`Bearer ${expired}`, space.id, { name: 'Caducada' }),
      patch(bob.authorization, bobs.id, { name: 'Bob renombra lo suyo' }),
    ]);
    expect(first.json().space).toMatchObject({ id: space.id, name: 'Uno', public: false });
    expect(visible.json().space).toMatchObject({ name: 'Uno', public: true });
    expect(second.json().space).toMatchObject({ name: 'Dos', public: true });
    // Another user's session and a stale one change nothing, whatever else went with them.
    expect(intruder.statusCode).toBe(404);
    expect(stale.statusCode).toBe(401);
    expect(own.json().space.name).toBe('Bob renombra lo suyo');
    const after = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json().space;
    expect(after).toMatchObject({ name: 'Dos', public: true });
    expect(after.updatedAt).toBe(second.json().space.updatedAt);
    expect((await call(bob, 'GET', `/api/spaces/${bobs.id}`)).json().space.name).toBe('Bob renombra lo suyo');
  });

  it('keeps every change when two instances rename the same spaces at once', async () => {
    const other = await createTestApp(database);
    try {
      const mine = await Promise.all(Array.from({ length: 6 }, (_, i) => create(i % 2 ? bob : alice, `Espacio ${i}`)));
      const renames = await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const target = mine[i % mine.length] as { id: string };
          return (i % 2 ? other : app).inject({
            method: 'PATCH',
            url: `/api/spaces/${target.id}`,
            headers: { authorization: (i % mine.length) % 2 ? bob.authorization : alice.authorization },
            payload: { name: `Nombre ${i}` },
          });
        }),
      );
      for (const [i, res] of renames.entries()) {
        expect(res.statusCode, `rename ${i}`).toBe(200);
        expect(res.json().space.name).toBe(`Nombre ${i}`);
      }
      // Each space ends with one of the names it was given.
      for (const [k, space] of mine.entries()) {
        const owner = k % 2 ? bob : alice;
        const name = (await call(owner, 'GET', `/api/spaces/${space.id}`)).json().space.name as string;
        const given = Array.from({ length: 10 }, (_, j) => `Nombre ${k + j * mine.length}`);
        expect(given).toContain(name);
      }
    } finally {
      await other.close();
    }
  });

  /** 100 renames sent together: 99 of alice's six spaces and one odd one out. */
  async function hundredRenames(odd: { user: User; url: string; name: string }) {
    const mine = await Promise.all(Array.from({ length: 6 }, (_, i) => create(alice, `Lote ${i}`)));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i === 50
          ? app.inject({
              method: 'PATCH',
              url: odd.url,
              headers: { authorization: odd.user.authorization },
              payload: { name: odd.name },
            })
          : app.inject({
              method: 'PATCH',
              url: `/api/spaces/${(mine[i % mine.length] as { id: string }).id}`,
              headers: { authorization: alice.authorization },
              payload: { name: `Lote nombre ${i}` },
            }),
      ),
    );
    for (const [i, res] of answers.entries()) {
      if (i === 50) continue;
      expect(res.statusCode, `rename ${i}: ${res.body}`).toBe(200);
      expect(res.json().space.name).toBe(`Lote nombre ${i}`);
    }
    return answers[50] as (typeof answers)[number];
  }

  // Issue 19: a NUL byte from one tenant failed 74-79 of 100 renames of another sharing its statement.
  it("one tenant's rename with a NUL byte fails alone, refused before it is batched", async () => {
    const own = await create(bob, 'De Bob');
    const bad = await hundredRenames({ user: bob, url: `/api/spaces/${own.id}`, name: 'Malo\u0000nombre' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/caracteres de control/);
    const badId = await hundredRenames({ user: bob, url: `/api/spaces/${own.id}%00`, name: 'Otro' });
    expect(badId.statusCode).toBe(400);
    expect((await call(bob, 'GET', `/api/spaces/${own.id}`)).json().space.name).toBe('De Bob');
  });

  it('when a batch statement fails, its changes run one by one and each caller gets its own answer', async () => {
    const own = await create(bob, 'De Bob');
    // A rename the database itself refuses, whatever the checks before it let through.
    await database.db.execute(sql`alter table spaces add constraint test_refused_name check (name <> 'Rechazado') not valid`);
    try {
      const refused = await hundredRenames({ user: bob, url: `/api/spaces/${own.id}`, name: 'Rechazado' });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.json().message).toEqual(expect.any(String));
    } finally {
      await database.db.execute(sql`alter table spaces drop constraint test_refused_name`);
    }
    expect((await call(bob, 'GET', `/api/spaces/${own.id}`)).json().space.name).toBe('De Bob');
  });

  // Two writers locking the same rows in opposite orders: PostgreSQL aborts one (after its
  // deadlock_timeout, 1 s), and an aborted batch of changes runs again instead of failing.
  if (driver === 'postgres') {
    it('runs a batch of changes again when PostgreSQL aborts it to break a deadlock', async () => {
      const ofAlice = await create(alice, 'Bloqueo A');
      const ofBob = await create(bob, 'Bloqueo B');
      let renames: Promise<Awaited<ReturnType<typeof call>>[]> | undefined;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update user_space_stamps set stamp = stamp where user_id = ${bob.id}`);
        // One batch: it locks both spaces, then waits for bob's stamp, held here.
        renames = Promise.all([
          call(alice, 'PATCH', `/api/spaces/${ofAlice.id}`, { name: 'A tras el bloqueo' }),
          call(bob, 'PATCH', `/api/spaces/${ofBob.id}`, { name: 'B tras el bloqueo' }),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        // This waits for the batch's lock on alice's space: a cycle, and the batch is the one aborted.
        await tx.execute(sql`update spaces set description = description where id = ${ofAlice.id}`);
      });
      const [a, b] = await (renames as NonNullable<typeof renames>);
      expect(a?.statusCode).toBe(200);
      expect(a?.json().space.name).toBe('A tras el bloqueo');
      expect(b?.json().space.name).toBe('B tras el bloqueo');
    });
  }

  it("answers 404 to another user's space on every endpoint and changes nothing", async () => {
    const space = await create(alice, 'De Alice');
    const versionId = (await call(alice, 'GET', `/api/spaces/${space.id}/versions`)).json().versions[0].id;
    for (const [method, url, payload] of everyEndpoint(space.id, versionId)) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
    const still = (await call(alice, 'GET', `/api/spaces/${space.id}`)).json();
    expect(still.space.name).toBe('De Alice');
    expect(still.revision).toBe(1);
    expect(still.versions).toHaveLength(1);
  });

  it('remixes only spaces marked public, without a session', async () => {
    const space = await create(alice, 'Remezcla');
    expect((await call(null, 'GET', `/api/remix/${space.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/remix/${space.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/remix/does-not-exist')).statusCode).toBe(404);

    const made = await call(alice, 'PATCH', `/api/spaces/${space.id}`, { public: true });
    expect(made.json().space.public).toBe(true);
    const res = await call(null, 'GET', `/api/remix/${space.id}`);
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toMatch(/<style[^>]*>/);
    expect(html).toContain('box-sizing');
    expect(html).toContain('¡Hola! Tu sitio ya funciona.');
    expect(html).not.toContain('href="style.css"');

    await call(alice, 'PATCH', `/api/spaces/${space.id}`, { public: false });
    expect((await call(bob, 'GET', `/api/remix/${space.id}`)).statusCode).toBe(404);
  });
});

/** Every endpoint that takes a space id, with a valid payload. */
function everyEndpoint(id: string, versionId: string): [string, string, unknown?][] {
  return [
    ['GET', `/api/spaces/${id}`],
    ['PATCH', `/api/spaces/${id}`, { name: 'robado', public: true }],
    ['PUT', `/api/spaces/${id}/files`, { revision: 1, files: [{ path: 'index.html', content: 'x' }] }],
    ['GET', `/api/spaces/${id}/versions`],
    ['POST', `/api/spaces/${id}/versions`, { prompt: 'x' }],
    ['GET', `/api/spaces/${id}/versions/${versionId}`],
    ['POST', `/api/spaces/${id}/versions/${versionId}/restore`],
    ['POST', `/api/spaces/${id}/reset`],
    ['GET', `/api/spaces/${id}/export`],
    ['DELETE', `/api/spaces/${id}`],
  ];
}
