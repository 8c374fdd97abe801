import { DAY_MS } from '@div/shared/constants';
import { deployResponseSchema } from '@div/shared/publishing';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { deploymentFiles, deployments } from '../../db/schema/publishing';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
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
});
