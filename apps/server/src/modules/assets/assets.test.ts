import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, imageStorageBytesOf, listImagesResponseSchema } from '@div/shared/assets';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'parse5';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { spaceImages, storedObjects } from '../../db/schema/assets';
import { spaceMembers } from '../../db/schema/members';
import { users } from '../../db/schema/users';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;
const SITES = 'sites.test';

/** A real 1200×800 JPEG (a gradient), whatever name it is given. */
const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="300" cy="300" r="200" fill="#1e40af"/></svg>`) },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

const cleanSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="8" fill="#4f46e5"/><text x="60" y="26" font-size="16" text-anchor="middle" fill="#fff">Lúa</text></svg>`;

describe.each(testDrivers)('own images of a space (%s, issue 24)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let viewer: User;
  let editor: User;
  let stranger: User;
  let spaceId: string;
  let otherSpaceId: string;
  let jpeg: Buffer;

  const call = (user: User | null, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    injectAs(app, user, method, url, payload, headers);
  const upload = (user: User | null, space: string, name: string, body: Buffer | string, type = 'application/octet-stream') =>
    call(user, 'POST', `/api/spaces/${space}/images?name=${encodeURIComponent(name)}`, body, { 'content-type': type });
  const list = async (user: User, space = spaceId) => {
    const res = await call(user, 'GET', `/api/spaces/${space}/images`);
    expect(res.statusCode, res.body).toBe(200);
    return listImagesResponseSchema.parse(res.json());
  };
  const save = async (user: User, space: string, files: { path: string; content: string }[]) => {
    const current = await call(user, 'GET', `/api/spaces/${space}`);
    const res = await call(user, 'PUT', `/api/spaces/${space}/files`, { revision: current.json().space.revision, files });
    expect(res.statusCode, res.body).toBe(200);
  };
  const filesOf = async (user: User, space = spaceId) =>
    new Map<string, string>(
      (await call(user, 'GET', `/api/spaces/${space}`))
        .json()
        .files.map((f: { id: string; content: string }) => [f.id, f.content]),
    );

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { SITES_DOMAIN: SITES, PUBLIC_URL: 'http://app.test' });
    owner = await createTestUser(database, { plan: 'medium' });
    viewer = await createTestUser(database);
    editor = await createTestUser(database);
    stranger = await createTestUser(database);
    spaceId = (await call(owner, 'POST', '/api/spaces', { name: 'Café Lúa' })).json().space.id;
    otherSpaceId = (await call(stranger, 'POST', '/api/spaces', { name: 'Otro' })).json().space.id;
    await database.db.insert(spaceMembers).values([
      { spaceId, userId: viewer.id, role: 'viewer' },
      { spaceId, userId: editor.id, role: 'editor' },
    ]);
    jpeg = await photo();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('recognises the type from the bytes, records the dimensions and makes WebP variants', async () => {
    // Named .png and sent as text: it is a JPEG, and is stored as one.
    const res = await upload(editor, spaceId, 'Mi Foto (1).PNG', jpeg, 'text/plain');
    expect(res.statusCode, res.body).toBe(201);
    const { image, storage } = res.json();
    expect(image).toMatchObject({
      name: 'mi-foto-1.jpg',
      path: 'images/mi-foto-1.jpg',
      format: 'jpeg',
      width: 1200,
      height: 800,
    });
    expect(image.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [480, 320],
      [960, 640],
      [1200, 800],
    ]);
    expect(storage.usedBytes).toBe(image.storedBytes);
    expect(storage.limitBytes).toBe(imageStorageBytesOf('medium'));
    // Each variant is a real WebP of its width, served to the preview.
    for (const variant of image.variants) {
      const served = await app.inject({ method: 'GET', url: variant.url, headers: { host: 'app.test' } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The preview frame has an opaque origin: the image must be allowed across origins.
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', variant.width]);
    }
    // The same bytes again: the image already there, nothing stored twice.
    const again = await upload(owner, spaceId, 'otra.jpg', jpeg);
    expect(again.statusCode).toBe(201);
    expect(again.json().image.id).toBe(image.id);
    expect((await list(viewer)).images).toHaveLength(1);
  });

  it('refuses what is not an image, an empty file and a file over the size limit, in Spanish', async () => {
    const fake = await upload(owner, spaceId, 'foto.png', 'esto no es una imagen, aunque se llame .png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(IMAGE_MESSAGES.notImage);
    // A PNG's first bytes with nothing after them.
    const truncated = await upload(owner, spaceId, 'rota.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(truncated.statusCode).toBe(415);
    const empty = await upload(owner, spaceId, 'vacia.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(IMAGE_MESSAGES.empty);
    const big = await upload(owner, spaceId, 'enorme.jpg', Buffer.alloc(IMAGE_MAX_BYTES + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(IMAGE_MESSAGES.tooLarge);
    // Signed out: 401 before anything else.
    expect((await upload(null, spaceId, 'x.jpg', jpeg)).statusCode).toBe(401);
    expect((await list(owner)).images).toHaveLength(1);
  });

  it('refuses an SVG with a script, a handler or an external reference; draws a clean one into WebP', async () => {
    const unsafe = [
      cleanSvg.replace('</svg>', '<script>alert(1)</script></svg>'),
      cleanSvg.replace('<rect ', '<rect onload="alert(1)" '),
      cleanSvg.replace('</svg>', '<image href="https://tracker.example/x.png" width="1" height="1"/></svg>'),
      cleanSvg.replace('</svg>', '<foreignObject><div>x</div></foreignObject></svg>'),
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${cleanSvg}`,
    ];
    for (const svg of unsafe) {
      const res = await upload(owner, spaceId, 'logo.svg', svg);
      expect(res.statusCode, svg).toBe(415);
      expect(res.json().message).toBe(IMAGE_MESSAGES.svgUnsafe);
    }
    const res = await upload(owner, spaceId, 'Logo.svg', cleanSvg, 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json();
    expect(image).toMatchObject({ name: 'logo.svg', format: 'svg', width: 120, height: 40 });
    // Drawn at twice its size at least (for high-density screens), served as WebP only.
    expect(image.variants.map((v: { width: number }) => v.width)).toEqual([480]);
    const served = await app.inject({ method: 'GET', url: image.variants[0].url, headers: { host: 'app.test' } });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('lets viewers list but not upload, rename or delete; strangers see nothing', async () => {
    const [image] = (await list(viewer)).images;
    expect((await upload(viewer, spaceId, 'x.jpg', jpeg)).statusCode).toBe(403);
    expect((await call(viewer, 'PATCH', `/api/spaces/${spaceId}/images/${image?.id}`, { alt: 'x' })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/spaces/${spaceId}/images/${image?.id}`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/spaces/${spaceId}/images`)).statusCode).toBe(404);
    expect((await upload(stranger, spaceId, 'x.jpg', jpeg)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/spaces/${spaceId}/images/${image?.id}`)).statusCode).toBe(404);
    // Another tenant's image id under the stranger's own space: not found either.
    expect((await call(stranger, 'DELETE', `/api/spaces/${otherSpaceId}/images/${image?.id}`)).statusCode).toBe(404);
    // The preview URL of this space's image does not work under another space.
    const url = image?.variants[0]?.url as string;
    const elsewhere = url.replace(spaceId, otherSpaceId);
    expect((await app.inject({ method: 'GET', url: elsewhere, headers: { host: 'app.test' } })).statusCode).toBe(404);
    expect((await list(owner)).images).toHaveLength(2);
  });

  it('refuses an upload past the plan storage, keeping nothing of it', async () => {
    const poor = await createTestUser(database, { plan: 'free' });
    const space = (await call(poor, 'POST', '/api/spaces', { name: 'Lleno' })).json().space.id;
    const limit = imageStorageBytesOf('free');
    await database.db.insert(spaceImages).values({
      spaceId: space,
      name: 'grande.jpg',
      format: 'jpeg',
      hash: 'f'.repeat(64),
      width: 10,
      height: 10,
      bytes: limit - 1000,
      storedBytes: limit - 1000,
      originalKey: `images/${space}/${'f'.repeat(32)}/original.jpg`,
      variants: [],
    });
    // What counts is what storage keeps (ADR 0238): the bytes of that image.
    // Made inside the database: 50 MB sent as a parameter would take minutes on PGlite.
    await database.db.execute(
      sql`insert into stored_objects (key, space_id, content_type, body) values (${`images/${space}/${'f'.repeat(32)}/original.jpg`},
        ${space}, 'image/jpeg', convert_to(repeat('x', ${limit - 1000}), 'UTF8'))`,
    );
    const objects = async () =>
      (await database.db.select({ n: count() }).from(storedObjects).where(eq(storedObjects.spaceId, space)))[0]?.n;
    const before = await objects();
    const res = await upload(poor, space, 'foto.jpg', jpeg);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toContain('límite de almacenamiento de imágenes de tu plan (50 MB)');
    expect(await objects()).toBe(before);
    expect((await list(poor, space)).images.map((i) => i.name)).toEqual(['grande.jpg']);
  });

  it('renames an image and the references to it in the files, refusing a taken name', async () => {
    const { images } = await list(owner);
    const photoImage = images.find((i) => i.format === 'jpeg');
    await save(owner, spaceId, [
      {
        path: 'index.html',
        content: '<html><body><img src="images/mi-foto-1.jpg" alt="Terraza"><img src="images/mi-foto-1.jpgx"></body></html>',
      },
      { path: 'style.css', content: '.hero { background: url("images/mi-foto-1.jpg"); }' },
    ]);
    const taken = await call(owner, 'PATCH', `/api/spaces/${spaceId}/images/${photoImage?.id}`, { name: 'logo.svg' });
    expect(taken.statusCode).toBe(400);
    const renamed = await call(editor, 'PATCH', `/api/spaces/${spaceId}/images/${photoImage?.id}`, {
      name: 'terraza.jpg',
      alt: 'La terraza',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().image).toMatchObject({ name: 'terraza.jpg', alt: 'La terraza', path: 'images/terraza.jpg' });
    const files = await filesOf(owner);
    expect(files.get('index.html')).toBe(
      '<html><body><img src="images/terraza.jpg" alt="Terraza"><img src="images/mi-foto-1.jpgx"></body></html>',
    );
    expect(files.get('style.css')).toBe('.hero { background: url("images/terraza.jpg"); }');
    const svg = images.find((i) => i.format === 'svg');
    const clash = await call(owner, 'PATCH', `/api/spaces/${spaceId}/images/${svg?.id}`, { name: 'terraza.svg' });
    expect(clash.statusCode).toBe(200);
    const second = (await upload(owner, spaceId, 'patio.jpg', await photo(600, 400))).json().image;
    const again = await call(owner, 'PATCH', `/api/spaces/${spaceId}/images/${second.id}`, { name: 'terraza.jpg' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IMAGE_MESSAGES.nameTaken);
  });

  it('publishes them with srcset, sizes, width and height, served from the site origin for ever', async () => {
    await save(owner, spaceId, [
      {
        path: 'index.html',
        content:
          '<!DOCTYPE html><html><head><title>Café</title></head><body><img src="images/terraza.jpg" alt="Terraza"><img src="./images/terraza.svg" width="120"></body></html>',
      },
    ]);
    const deployed = await call(owner, 'POST', '/api/deploy', { spaceId });
    expect(deployed.statusCode, deployed.body).toBe(200);
    const slug = new URL(deployed.json().url).hostname.split('.')[0];
    const host = `${slug}.${SITES}`;
    const page = await app.inject({ method: 'GET', url: '/', headers: { host } });
    const imgs = [...page.body.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(2);
    const [photoTag, logoTag] = imgs as [string, string];
    const attrs = (tag: string) => {
      const doc = parse(tag);
      const find = (n: {
        tagName?: string;
        childNodes?: unknown[];
        attrs?: { name: string; value: string }[];
      }): Map<string, string> | undefined =>
        n.tagName === 'img'
          ? new Map((n.attrs ?? []).map((a) => [a.name, a.value]))
          : (n.childNodes as (typeof n)[] | undefined)?.map(find).find(Boolean);
      return find(doc as never) as Map<string, string>;
    };
    const photoAttrs = attrs(photoTag);
    expect(photoAttrs.get('src')).toMatch(/^\/_div\/images\/[0-9a-f]{32}-960\.webp$/);
    expect(
      photoAttrs
        .get('srcset')
        ?.split(', ')
        .map((s) => s.split(' ')[1]),
    ).toEqual(['480w', '960w', '1200w']);
    expect(photoAttrs.get('sizes')).toBe('100vw');
    expect([photoAttrs.get('width'), photoAttrs.get('height'), photoAttrs.get('alt')]).toEqual(['1200', '800', 'Terraza']);
    const logoAttrs = attrs(logoTag);
    // Its own width stays (no height added to it); sizes follow that width.
    expect([logoAttrs.get('width'), logoAttrs.get('height'), logoAttrs.get('sizes')]).toEqual([
      '120',
      undefined,
      '(max-width: 120px) 100vw, 120px',
    ]);

    for (const entry of (photoAttrs.get('srcset') ?? '').split(', ')) {
      const path = entry.split(' ')[0] as string;
      const served = await app.inject({ method: 'GET', url: path, headers: { host } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const revalidated = await app.inject({
        method: 'GET',
        url: path,
        headers: { host, 'if-none-match': String(served.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    }
    // Another published site cannot serve this space's image by its path.
    await save(stranger, otherSpaceId, [{ path: 'index.html', content: '<html><body><h1>Otro</h1></body></html>' }]);
    const other = await call(stranger, 'POST', '/api/deploy', { spaceId: otherSpaceId });
    const otherHost = `${new URL(other.json().url).hostname.split('.')[0]}.${SITES}`;
    expect(
      (await app.inject({ method: 'GET', url: photoAttrs.get('src') as string, headers: { host: otherHost } })).statusCode,
    ).toBe(404);

    // Deleting the image keeps the published site whole until the next deploy.
    const { images } = await list(owner);
    for (const image of images)
      expect((await call(owner, 'DELETE', `/api/spaces/${spaceId}/images/${image.id}`)).statusCode).toBe(204);
    expect((await list(owner)).images).toEqual([]);
    const short = /([0-9a-f]{32})-/.exec(photoAttrs.get('src') as string)?.[1];
    const kept = await database.db
      .select({ key: storedObjects.key })
      .from(storedObjects)
      .where(eq(storedObjects.spaceId, spaceId));
    expect(kept.filter((o) => o.key.includes(`/${short}/`)).length).toBe(4);
    // The unpublished image (patio.jpg) left with its bytes.
    expect(kept.every((o) => o.key.includes(`/${short}/`) || o.key.includes('/'))).toBe(true);
    expect(kept).toHaveLength(4 + 2);
    expect((await app.inject({ method: 'GET', url: photoAttrs.get('src') as string, headers: { host } })).statusCode).toBe(200);
  });
  it('exports the images with the site: originals at images/<name> in the ZIP, data: URLs in the single file', async () => {
    const small = await createTestUser(database, { plan: 'small' });
    const space = (await call(small, 'POST', '/api/spaces', { name: 'Con fotos' })).json().space.id as string;
    const original = await photo(900, 600);
    expect((await upload(small, space, 'terraza.jpg', original)).statusCode).toBe(201);
    expect((await upload(small, space, 'logo.svg', cleanSvg)).statusCode).toBe(201);
    const page =
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="style.css"></head><body><img src="images/terraza.jpg" alt="Terraza"></body></html>';
    await save(small, space, [
      { path: 'index.html', content: page },
      { path: 'style.css', content: 'header { background: url("./images/logo.svg"); }' },
    ]);
    const res = await call(small, 'GET', `/api/spaces/${space}/export`);
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(
      Object.keys(zip)
        .filter((name) => name.startsWith('images/'))
        .sort(),
    ).toEqual(['images/logo.svg', 'images/terraza.jpg']);
    // The bytes uploaded, unchanged, at the path the files name: the unzipped site works offline.
    expect(Buffer.from(zip['images/terraza.jpg'] as Uint8Array).equals(original)).toBe(true);
    expect(Buffer.from(zip['images/logo.svg'] as Uint8Array).toString()).toBe(cleanSvg);
    expect(strFromU8(zip['index.html'] as Uint8Array)).toBe(page);

    // The free plan's single file carries each image it names inside it.
    await database.db.update(users).set({ plan: 'free' }).where(eq(users.id, small.id));
    const single = await call(small, 'GET', `/api/spaces/${space}/export`);
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toContain('text/html');
    const img = /<img src="([^"]+)"/.exec(single.body)?.[1] ?? '';
    expect(img).toMatch(/^data:image\/webp;base64,/);
    const drawn = await sharp(Buffer.from(img.slice(img.indexOf(',') + 1), 'base64')).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['webp', 900, 600]);
    expect(single.body).toMatch(/url\("data:image\/webp;base64,[A-Za-z0-9+/=]+"\)/);
    expect(single.body).not.toContain('images/');
  });
});
