import { IMAGE_MESSAGES, imageStorageBytesOf, listImagesResponseSchema } from '@div/shared/assets';
import { planOf } from '@div/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { storedObjects } from '../../db/schema/assets';
import { spaces } from '../../db/schema/spaces';
import { createTestApp, createTestUser, injectAs } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';

type User = Awaited<ReturnType<typeof createTestUser>>;

/** A 4.1 MB PNG (uncompressed, one colour per `seed`): big in bytes, cheap to draw. */
const heavyPng = (seed: number) =>
  sharp({ create: { width: 470, height: 2200, channels: 4, background: { r: seed * 40, g: 90, b: 200 - seed * 20, alpha: 1 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/**
 * Issue 36 item 10: image bytes kept alive by a deployment count against their owner's allowance.
 * Upload, deploy, delete, again and again: the bytes stay (the site serves them), so the allowance
 * fills and the next upload is refused; what the owner is shown is what is kept.
 */
describe.each(testDrivers)('image storage counts what deployments keep (%s, issue 36)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: User;
  let spaceId: string;

  const call = (user: User, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    injectAs(app, user, method, url, payload, headers);

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { SITES_DOMAIN: 'sites.test', PUBLIC_URL: 'http://app.test' });
    owner = await createTestUser(database, { plan: 'free' });
    spaceId = (await call(owner, 'POST', '/api/spaces', { name: 'Galería' })).json().space.id;
    // Earlier rounds, in another space of the owner: bytes an old deployment still serves, 6 MB short of the allowance.
    const earlier = (await call(owner, 'POST', '/api/spaces', { name: 'Antes' })).json().space.id;
    // Made inside the database: 44 MB sent as a parameter would take minutes on PGlite.
    await database.db.execute(
      sql`insert into stored_objects (key, space_id, content_type, body) values (${`images/${earlier}/${'e'.repeat(32)}/original.png`},
        ${earlier}, 'image/png', convert_to(repeat('x', ${imageStorageBytesOf('free') - 6 * 1024 * 1024}), 'UTF8'))`,
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** Every image byte kept for the owner's spaces. */
  const keptBytes = async () => {
    const [row] = await database.db
      .select({ bytes: sql<string>`coalesce(sum(octet_length(${storedObjects.body})), 0)` })
      .from(storedObjects)
      .innerJoin(spaces, eq(spaces.id, storedObjects.spaceId))
      .where(eq(spaces.ownerId, owner.id));
    return Number(row?.bytes ?? 0);
  };
  const storage = async () => {
    const res = await call(owner, 'GET', `/api/spaces/${spaceId}/images`);
    return listImagesResponseSchema.parse(res.json()).storage;
  };

  it('upload, deploy, delete repeated never keeps more than the allowance, and the allowance shows it', {
    timeout: 60_000,
  }, async () => {
    const limit = imageStorageBytesOf('free');
    let refused = false;
    let rounds = 0;
    for (let round = 0; round < 4 && !refused; round++) {
      const body = await heavyPng(round);
      const res = await call(owner, 'POST', `/api/spaces/${spaceId}/images?name=foto-${round}.png`, body, {
        'content-type': 'image/png',
      });
      if (res.statusCode === 402) {
        expect(res.json().message).toBe(IMAGE_MESSAGES.storageFull(planOf('free').imageStorageMb));
        refused = true;
        break;
      }
      expect(res.statusCode, res.body).toBe(201);
      rounds++;
      const image = res.json().image as { id: string; name: string };
      const current = (await call(owner, 'GET', `/api/spaces/${spaceId}`)).json();
      const saved = await call(owner, 'PUT', `/api/spaces/${spaceId}/files`, {
        revision: current.space.revision,
        files: [{ path: 'index.html', content: `<!doctype html><h1>Ronda ${round}</h1><img src="images/${image.name}" alt="">` }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call(owner, 'POST', '/api/deploy', { spaceId })).statusCode).toBe(200);
      expect((await call(owner, 'DELETE', `/api/spaces/${spaceId}/images/${image.id}`)).statusCode).toBe(204);
      // The deployment still serves the bytes: they are kept, and the owner sees them counted.
      const shown = await storage();
      expect(shown.usedBytes).toBeGreaterThan(0);
      expect(shown.usedBytes).toBe(await keptBytes());
      expect(shown.limitBytes).toBe(limit);
    }
    // The first round fits the 6 MB left; the second finds the first's bytes still kept.
    expect([rounds, refused]).toEqual([1, true]);
    expect(await keptBytes()).toBeLessThanOrEqual(limit);
    expect((await storage()).usedBytes).toBeLessThanOrEqual(limit);
  });
});
