import { spaceDetailResponseSchema } from '@div/shared/spaces';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { withoutScripts } from '../modules/spaces/thumbnail';
import { createTestApp, createTestUser, injectAs } from '../test/app';
import { openTestDatabase, testDrivers } from '../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;

/**
 * Issue 19, second attack: the text-replacement save, the space thumbnail and the members' roles,
 * attacked as a signed-out caller, a second tenant and a viewer member, against the real routes.
 */
describe.each(testDrivers)('attacks on the replacement save, thumbnails and roles on %s (issue 19)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let viewer: User;
  let editor: User;
  let stranger: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { COMPOSER_PACE: '0', PUBLIC_URL: 'https://div.example' });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    viewer = await createTestUser(database, { name: 'Vera' });
    editor = await createTestUser(database, { name: 'Eva' });
    stranger = await createTestUser(database, { plan: 'pro', name: 'Extraño' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (user: User | null, method: string, url: string, payload?: unknown) => injectAs(app, user, method, url, payload);
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

  async function join(spaceId: string, user: User, role: 'editor' | 'viewer') {
    const invited = await call(owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: user.email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await call(user, 'POST', `/api/invitations/${tokenOf(invited.json().link)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  /** A space of the owner with `content` as index.html, shared with the viewer and the editor. */
  async function sharedSpace(content: string) {
    const created = await call(owner, 'POST', '/api/spaces', { name: 'Objetivo' });
    const space = created.json().space as { id: string; revision: number };
    const saved = await call(owner, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: space.revision,
      files: [{ path: 'index.html', content }],
      replaceAll: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await join(space.id, viewer, 'viewer');
    await join(space.id, editor, 'editor');
    return { id: space.id, revision: saved.json().revision as number };
  }

  const indexOf = async (spaceId: string) => {
    const detail = spaceDetailResponseSchema.parse((await call(owner, 'GET', `/api/spaces/${spaceId}`)).json());
    return { content: detail.files.find((f) => f.id === 'index.html')?.content, revision: detail.space.revision };
  };

  const patchBody = (revision: number, patch: Record<string, unknown>) => ({
    revision,
    files: [],
    patches: [{ path: 'index.html', ...patch }],
  });

  it('a viewer, a second tenant and a signed-out caller cannot write through a replacement save', async () => {
    const text = '<h1>Hola</h1>';
    const space = await sharedSpace(text);
    const body = patchBody(space.revision, { at: 4, remove: 4, insert: 'PWNED', length: [...text].length });
    expect((await call(viewer, 'PUT', `/api/spaces/${space.id}/files`, body)).statusCode).toBe(403);
    expect((await call(stranger, 'PUT', `/api/spaces/${space.id}/files`, body)).statusCode).toBe(404);
    expect((await call(null, 'PUT', `/api/spaces/${space.id}/files`, body)).statusCode).toBe(401);
    expect(await indexOf(space.id)).toEqual({ content: text, revision: space.revision });
    // The editor may: the same replacement lands.
    const ok = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await indexOf(space.id)).content).toBe('<h1>PWNED</h1>');
  });

  it('replacements out of bounds, negative, huge, overlapping or with a wrong length are refused without a write', async () => {
    const text = 'a😀b'; // three code points, four UTF-16 units
    const space = await sharedSpace(text);
    const cases: [Record<string, unknown>, number[]][] = [
      [{ at: -1, remove: 0, insert: 'x', length: 3 }, [400]],
      [{ at: 0, remove: -2, insert: 'x', length: 3 }, [400]],
      [{ at: 0.5, remove: 0, insert: 'x', length: 3 }, [400]],
      [{ at: 4, remove: 0, insert: 'x', length: 3 }, [409]],
      [{ at: 2, remove: 5, insert: 'x', length: 3 }, [409]],
      [{ at: 0, remove: 0, insert: 'x', length: 4 }, [409]], // the length of UTF-16 units, not code points
      [{ at: 2 ** 31, remove: 0, insert: 'x', length: 3 }, [400]],
      [{ at: Number.MAX_SAFE_INTEGER, remove: Number.MAX_SAFE_INTEGER, insert: 'x', length: 3 }, [400]],
      [{ at: 0, remove: 0, insert: 'x', length: 1e9 }, [400]],
      [{ at: '0', remove: 0, insert: 'x', length: 3 }, [400]],
      [{ at: 0, remove: 0, insert: 7, length: 3 }, [400]],
      [{ path: '../index.html', at: 0, remove: 0, insert: 'x', length: 3 }, [400]],
      [{ path: 'a\\..\\index.html', at: 0, remove: 0, insert: 'x', length: 3 }, [400, 404]],
      [{ path: 'nada.html', at: 0, remove: 0, insert: 'x', length: 0 }, [404]],
    ];
    for (const [patch, statuses] of cases) {
      const res = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, patchBody(space.revision, patch));
      expect(statuses, `${JSON.stringify(patch)} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(typeof res.json().message).toBe('string');
    }
    // Two replacements of one file (overlapping or not) in one save.
    const twice = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: space.revision,
      files: [],
      patches: [
        { path: 'index.html', at: 0, remove: 2, insert: 'x', length: 3 },
        { path: 'index.html', at: 1, remove: 2, insert: 'y', length: 3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    // A replacement and the whole file in one save.
    const both = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: space.revision,
      files: [{ path: 'index.html', content: 'z' }],
      patches: [{ path: 'index.html', at: 0, remove: 0, insert: 'x', length: 3 }],
    });
    expect(both.statusCode).toBe(400);
    expect(await indexOf(space.id)).toEqual({ content: text, revision: space.revision });
  });

  it('a replacement counts code points: an astral character is never split, a NUL byte is a clear 400', async () => {
    const text = 'a😀b';
    const space = await sharedSpace(text);
    // Code point 1 is the whole emoji: replacing it leaves no half surrogate.
    const res = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, patchBody(space.revision, { at: 1, remove: 1, insert: '🎉', length: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await indexOf(space.id)).toEqual({ content: 'a🎉b', revision: res.json().revision });
    // A NUL byte cannot be stored in a text column: refused before the database, in the patch and in a file.
    const nul = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, patchBody(res.json().revision, { at: 0, remove: 0, insert: 'x\u0000y', length: 3 }));
    expect(nul.statusCode, nul.body).toBe(400);
    const nulFile = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: res.json().revision,
      files: [{ path: 'otro.html', content: 'x\u0000y' }],
    });
    expect(nulFile.statusCode, nulFile.body).toBe(400);
    expect(await indexOf(space.id)).toEqual({ content: 'a🎉b', revision: res.json().revision });
  });

  it('a replacement may not grow a file past the file limit', async () => {
    const space = await sharedSpace('x');
    const big = 'y'.repeat(3 * 1024 * 1024);
    const res = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, patchBody(space.revision, { at: 0, remove: 0, insert: big, length: 1 }));
    expect([400, 413]).toContain(res.statusCode);
    expect(await indexOf(space.id)).toEqual({ content: 'x', revision: space.revision });
  });

  it("the thumbnail is the members' only: a second tenant gets 404, signed out 401, a viewer the page", async () => {
    const space = await sharedSpace('<!doctype html><h1>Privado</h1>');
    expect((await call(stranger, 'GET', `/api/spaces/${space.id}/thumbnail`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/spaces/${space.id}/thumbnail`)).statusCode).toBe(401);
    const seen = await call(viewer, 'GET', `/api/spaces/${space.id}/thumbnail`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().html).toContain('Privado');
    expect(seen.headers['content-type']).toMatch(/^application\/json/);
    expect(seen.headers['cache-control']).toMatch(/^private/);
    // A made-up id and a malformed one.
    expect((await call(viewer, 'GET', '/api/spaces/00000000-0000-4000-8000-000000000000/thumbnail')).statusCode).toBe(404);
    expect((await call(viewer, 'GET', '/api/spaces/..%2f..%2fhealth/thumbnail')).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('no script survives in a thumbnail, however the tags are nested, cased or left open', async () => {
    const attempts = [
      '<scr<script></script>ipt>alert(1)</script>',
      '<scr<script>x</script>ipt>alert(1)</scr<script></script>ipt>',
      '<SCRIPT>alert(1)</SCRIPT >',
      '<script\nsrc="https://evil.example/x.js"></script>',
      '<script/src="https://evil.example/x.js"></script>',
      '<svg><script>alert(1)</script></svg>',
      '<script>alert(1)',
      '<scr<scr<script></script>ipt></script>ipt>alert(1)</script>',
    ];
    for (const attempt of attempts) {
      const out = withoutScripts(`<p>a</p>${attempt}<p>b</p>`);
      expect(out, attempt).not.toMatch(/<script/i);
    }
    // Through the route, as the viewer sees it.
    const space = await sharedSpace('<!doctype html><h1>Hola</h1><scr<script></script>ipt>alert(1)</script>');
    const seen = await call(viewer, 'GET', `/api/spaces/${space.id}/thumbnail`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().html).not.toMatch(/<script/i);
  });

  it('a removed member loses the thumbnail, the files and the save at once', async () => {
    const space = await sharedSpace('<h1>Hola</h1>');
    expect((await call(owner, 'DELETE', `/api/spaces/${space.id}/members/${editor.id}`)).statusCode).toBe(204);
    expect((await call(editor, 'GET', `/api/spaces/${space.id}/thumbnail`)).statusCode).toBe(404);
    expect((await call(editor, 'GET', `/api/spaces/${space.id}`)).statusCode).toBe(404);
    const body = patchBody(space.revision, { at: 0, remove: 0, insert: 'x', length: 13 });
    expect((await call(editor, 'PUT', `/api/spaces/${space.id}/files`, body)).statusCode).toBe(404);
  });

  it('a viewer cannot raise their own role, invite, or remove others', async () => {
    const space = await sharedSpace('<h1>Hola</h1>');
    expect((await call(viewer, 'PATCH', `/api/spaces/${space.id}/members/${viewer.id}`, { role: 'editor' })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/api/spaces/${space.id}/invitations`, { email: 'x@example.test', role: 'editor' })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/spaces/${space.id}/members/${editor.id}`)).statusCode).toBe(403);
    expect((await call(editor, 'PATCH', `/api/spaces/${space.id}/members/${editor.id}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await call(editor, 'PATCH', `/api/spaces/${space.id}/members/${viewer.id}`, { role: 'editor' })).statusCode).toBe(403);
    // An owner cannot be made a member of their own space, nor invite with role "owner".
    expect((await call(owner, 'POST', `/api/spaces/${space.id}/invitations`, { email: 'y@example.test', role: 'owner' })).statusCode).toBe(400);
  });
});
