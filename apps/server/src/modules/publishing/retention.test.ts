import { DAY_MS } from '@div/shared/constants';
import { deployResponseSchema } from '@div/shared/publishing';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { storedObjects } from '../../db/schema/assets';
import { deploymentFiles, deployments } from '../../db/schema/publishing';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { IMAGE_SWEEP_GRACE_MS } from '../assets/service';
import { DEPLOYMENT_RETENTION, pruneDeployments } from './retention';

type User = Awaited<ReturnType<typeof createTestUser>>;
const SITES = 'sites.test';

describe.each(testDrivers)('deployment retention on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let user: User;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { SITES_DOMAIN: SITES, PUBLIC_URL: 'http://app.test' });
    user = await createTestUser(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { host: 'app.test', authorization: user.authorization },
      ...(payload ? { payload } : {}),
    });
  const visit = (host: string) => app.inject({ url: '/', headers: { host } });

  /** A space deployed `count` times (page `v1` … `v<count>`); deployment ids oldest first. */
  async function deployedSpace(name: string, count: number) {
    const space = (await call('POST', '/api/spaces', { name })).json().space as { id: string };
    const ids: string[] = [];
    for (let i = 1; i <= count; i += 1) {
      const res = await call('POST', '/api/deploy', { spaceId: space.id, html: `<!DOCTYPE html><h1>v${i}</h1>` });
      expect(res.statusCode).toBe(200);
      ids.push(deployResponseSchema.parse(res.json()).deploymentId);
    }
    return { id: space.id, ids };
  }
  /** Backdates deployments, oldest first `days` ago, one minute apart, keeping their order. */
  async function age(ids: string[], days: number) {
    for (const [i, id] of ids.entries()) {
      await database.db
        .update(deployments)
        .set({ createdAt: new Date(Date.now() - days * DAY_MS + i * 60_000) })
        .where(eq(deployments.id, id));
    }
  }
  const remaining = async (spaceId: string) =>
    (await database.db.select({ id: deployments.id }).from(deployments).where(eq(deployments.spaceId, spaceId))).map((r) => r.id);
  const activate = (spaceId: string, id: string) => call('POST', `/api/sites/${spaceId}/deployments/${id}/activate`);

  it('keeps the live deployment, the newest ones and the recent ones; older ones go with their files', async () => {
    const { newest } = DEPLOYMENT_RETENTION;
    const site = await deployedSpace('Historial', newest + 4);
    const { ids } = site;
    // All but the last two are a month old; the second oldest is made live again (a rollback).
    await age(ids.slice(0, -2), 30);
    expect((await activate(site.id, ids[1] as string)).statusCode).toBe(200);
    expect((await visit('historial.sites.test')).body).toContain('<h1>v2</h1>');

    const deleted = await pruneDeployments({ db: database.db });
    const gone = [ids[0], ids[2], ids[3]] as string[];
    expect(deleted).toBe(3);
    expect((await remaining(site.id)).sort()).toEqual(ids.filter((id) => !gone.includes(id)).sort());
    const files = await database.db
      .select({ id: deploymentFiles.deploymentId })
      .from(deploymentFiles)
      .where(inArray(deploymentFiles.deploymentId, gone));
    expect(files).toEqual([]);

    // The live one is still served, listed as live; a kept one can be made live, a deleted one not.
    expect((await visit('historial.sites.test')).body).toContain('<h1>v2</h1>');
    const listed = (await call('GET', `/api/sites/${site.id}/deployments`)).json().deployments as { id: string; live: boolean }[];
    expect(listed).toHaveLength(newest + 1);
    expect(listed.find((d) => d.live)?.id).toBe(ids[1]);
    // Nothing more to delete: a second run (another instance's) is a no-op.
    expect(await pruneDeployments({ db: database.db })).toBe(0);
    expect((await activate(site.id, ids[4] as string)).statusCode).toBe(200);
    expect((await visit('historial.sites.test')).body).toContain('<h1>v5</h1>');
    const pruned = await activate(site.id, ids[0] as string);
    expect(pruned.statusCode).toBe(404);
    expect(pruned.json().message).toBeTruthy();
    // v2 is no longer live: the next run deletes it.
    expect(await pruneDeployments({ db: database.db })).toBe(1);

    expect((await call('DELETE', `/api/spaces/${site.id}`)).statusCode).toBe(204);
  });

  it('keeps recent deployments beyond the newest, up to the cap, even when two runs race', async () => {
    const retention = { newest: 2, days: 7, max: 4 };
    const site = await deployedSpace('Reciente', 6);
    const runs = await Promise.all([
      pruneDeployments({ db: database.db, retention }),
      pruneDeployments({ db: database.db, retention }),
    ]);
    // Only the two oldest pass the cap; the live (newest) one is among the kept.
    expect(runs[0] + runs[1]).toBe(2);
    expect((await remaining(site.id)).sort()).toEqual(site.ids.slice(2).sort());
    expect((await visit('reciente.sites.test')).body).toContain('<h1>v6</h1>');
  });

  it('deleting a space deletes its deployments and its site stops being served at once', async () => {
    const site = await deployedSpace('Borrada', 2);
    expect((await visit('borrada.sites.test')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/spaces/${site.id}`)).statusCode).toBe(204);
    expect(await remaining(site.id)).toEqual([]);
    const files = await database.db
      .select({ id: deploymentFiles.deploymentId })
      .from(deploymentFiles)
      .where(inArray(deploymentFiles.deploymentId, site.ids));
    expect(files).toEqual([]);
    const after = await visit('borrada.sites.test');
    expect(after.statusCode).toBe(404);
    expect(after.body).toContain('Sitio no encontrado');
  });
  it('frees the image bytes only pruned deployments named; deleting the space frees the rest', async () => {
    const space = (await call('POST', '/api/spaces', { name: 'Con imagen' })).json().space as { id: string; revision: number };
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const upload = (name: string, body: Buffer) =>
      app.inject({
        method: 'POST',
        url: `/api/spaces/${space.id}/images?name=${name}`,
        headers: { host: 'app.test', authorization: user.authorization, 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const photo = (await upload('foto.png', png)).json().image as { id: string; storedBytes: number };
    const kept = (await upload('logo.png', await sharp(png).resize(300).png().toBuffer())).json().image as {
      storedBytes: number;
    };
    const objects = async () =>
      database.db
        .select({ key: storedObjects.key, body: storedObjects.body })
        .from(storedObjects)
        .where(eq(storedObjects.spaceId, space.id));
    const bytesOf = async () => (await objects()).reduce((n, o) => n + o.body.length, 0);
    expect(await bytesOf()).toBe(photo.storedBytes + kept.storedBytes);

    // Published with the photo, then without it (the logo stays named by the files), then the photo is deleted.
    const first = await call('POST', '/api/deploy', {
      spaceId: space.id,
      html: '<!DOCTYPE html><img src="images/foto.png" alt="Foto"><img src="images/logo.png" alt="Logo">',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', '/api/deploy', {
      spaceId: space.id,
      html: '<!DOCTYPE html><img src="images/logo.png" alt="Logo">',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await call('DELETE', `/api/spaces/${space.id}/images/${photo.id}`)).statusCode).toBe(204);
    // The first deployment still serves the photo: its bytes stay.
    expect(await bytesOf()).toBe(photo.storedBytes + kept.storedBytes);

    const retention = { newest: 1, days: 0, max: 1 };
    // Bytes younger than the grace are spared (an upload writes them before its row): nothing freed yet.
    await pruneDeployments({ db: database.db, retention });
    expect(await remaining(space.id)).toEqual([second.json().deploymentId]);
    expect(await bytesOf()).toBe(photo.storedBytes + kept.storedBytes);
    // Once past the grace, the next prune of the space frees what only the pruned deployment named.
    await database.db
      .update(storedObjects)
      .set({ createdAt: new Date(Date.now() - IMAGE_SWEEP_GRACE_MS - 60_000) })
      .where(eq(storedObjects.spaceId, space.id));
    const third = await call('POST', '/api/deploy', {
      spaceId: space.id,
      html: '<!DOCTYPE html><img src="images/logo.png" alt="Logo">',
    });
    expect(third.statusCode).toBe(200);
    await pruneDeployments({ db: database.db, retention });
    expect(await remaining(space.id)).toEqual([third.json().deploymentId]);
    expect(await bytesOf()).toBe(kept.storedBytes);
    const short = (await objects()).map((o) => o.key.split('/')[2]);
    expect(new Set(short).size).toBe(1);
    // The live site still shows the logo.
    const slug = new URL(third.json().url).hostname.split('.')[0];
    const page = await visit(`${slug}.${SITES}`);
    const src = /src="(\/_div\/images\/[^"]+)"/.exec(page.body)?.[1] as string;
    expect((await app.inject({ url: src, headers: { host: `${slug}.${SITES}` } })).statusCode).toBe(200);

    expect((await call('DELETE', `/api/spaces/${space.id}`)).statusCode).toBe(204);
    expect(await objects()).toEqual([]);
  });
});
