import { DAY_MS } from '@div/shared/constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context';
import type { DatabaseHandle } from '../../db/client';
import { spaceVersions } from '../../db/schema/spaces';
import { users } from '../../db/schema/users';
import { createTestApp, createTestUser } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { pruneVersions, RETENTION_INTERVAL_MS, startVersionRetention } from './retention';

type User = Awaited<ReturnType<typeof createTestUser>>;

describe.each(testDrivers)('version retention and export on %s', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (user: User, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: user.authorization }, ...(payload ? { payload } : {}) });

  /** A space with `count` versions in all (the initial one plus saves). */
  async function spaceWithVersions(user: User, count: number, name = 'Mi web') {
    const space = (await call(user, 'POST', '/api/spaces', { name })).json().space;
    let revision = space.revision as number;
    for (let i = 1; i < count; i++) {
      const saved = await call(user, 'PUT', `/api/spaces/${space.id}/files`, {
        revision,
        files: [{ path: 'index.html', content: `<h1>v${i + 1}</h1>` }],
      });
      revision = saved.json().revision;
      revision = (await call(user, 'POST', `/api/spaces/${space.id}/versions`, { prompt: `paso ${i + 1}` })).json().revision;
    }
    const versions = (await call(user, 'GET', `/api/spaces/${space.id}/versions`)).json().versions as { id: string }[];
    return { id: space.id as string, versions };
  }

  async function age(versionId: string, days: number) {
    await database.db
      .update(spaceVersions)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(spaceVersions.id, versionId));
  }

  async function remaining(spaceId: string) {
    const rows = await database.db
      .select({ id: spaceVersions.id })
      .from(spaceVersions)
      .where(and(eq(spaceVersions.spaceId, spaceId)));
    return rows.map((r) => r.id).sort();
  }

  it('deletes versions past the plan history and never the newest of a space', async () => {
    const free = await createTestUser(database, { plan: 'free' });
    const small = await createTestUser(database, { plan: 'small' });
    const medium = await createTestUser(database, { plan: 'medium' });
    const unknown = await createTestUser(database, { plan: 'legacy' });

    // versions are newest first: [newest, middle, oldest]
    const f = await spaceWithVersions(free, 3);
    await age(f.versions[2]?.id ?? '', 8);
    await age(f.versions[1]?.id ?? '', 6);
    const s = await spaceWithVersions(small, 3);
    await age(s.versions[2]?.id ?? '', 31);
    await age(s.versions[1]?.id ?? '', 8);
    const m = await spaceWithVersions(medium, 2);
    await age(m.versions[1]?.id ?? '', 900);
    const u = await spaceWithVersions(unknown, 2);
    await age(u.versions[1]?.id ?? '', 8);
    // All versions old: the newest stays anyway.
    const lonely = await spaceWithVersions(free, 2, 'Viejo');
    await age(lonely.versions[0]?.id ?? '', 100);
    await age(lonely.versions[1]?.id ?? '', 200);

    const deleted = await pruneVersions({ db: database.db });
    expect(deleted).toBe(4);
    expect(await remaining(f.id)).toEqual([f.versions[0]?.id, f.versions[1]?.id].sort());
    expect(await remaining(s.id)).toEqual([s.versions[0]?.id, s.versions[1]?.id].sort());
    expect(await remaining(m.id)).toEqual(m.versions.map((v) => v.id).sort());
    expect(await remaining(u.id)).toEqual([u.versions[0]?.id]);
    expect(await remaining(lonely.id)).toEqual([lonely.versions[0]?.id]);

    // Running again deletes nothing more; the API still lists the kept versions.
    expect(await pruneVersions({ db: database.db })).toBe(0);
    const listed = (await call(free, 'GET', `/api/spaces/${f.id}/versions`)).json().versions;
    expect(listed).toHaveLength(2);
  });

  it('follows plan changes: a downgrade to free prunes what small kept', async () => {
    const user = await createTestUser(database, { plan: 'small' });
    const sp = await spaceWithVersions(user, 2);
    await age(sp.versions[1]?.id ?? '', 10);
    expect(await pruneVersions({ db: database.db })).toBe(0);
    await database.db.update(users).set({ plan: 'free' }).where(eq(users.id, user.id));
    expect(await pruneVersions({ db: database.db })).toBe(1);
    expect(await remaining(sp.id)).toEqual([sp.versions[0]?.id]);
  });

  it('runs the job every interval and stops it when the app closes', async () => {
    const user = await createTestUser(database, { plan: 'free' });
    const sp = await spaceWithVersions(user, 2);
    await age(sp.versions[1]?.id ?? '', 30);
    const hooks: (() => Promise<void>)[] = [];
    const host = { addHook: (_name: string, fn: () => Promise<void>) => hooks.push(fn) } as unknown as FastifyInstance;
    const logged: unknown[] = [];
    const log = { info: (o: unknown) => logged.push(o), warn: (o: unknown) => logged.push(o) };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      startVersionRetention(host, { db: database.db, log } as unknown as AppContext);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(RETENTION_INTERVAL_MS);
      await vi.waitFor(async () => expect(await remaining(sp.id)).toEqual([sp.versions[0]?.id]), { timeout: 10_000 });
      expect(logged).toEqual([{ deleted: 1 }]);
      await hooks[0]?.();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('exports the single assembled HTML file on the free plan', async () => {
    const user = await createTestUser(database, { plan: 'free' });
    const space = (await call(user, 'POST', '/api/spaces', { name: 'Café Ñandú' })).json().space;
    const res = await call(user, 'GET', `/api/spaces/${space.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toContain('attachment; filename="cafe-nandu.html"');
    expect(res.payload).toContain('<!DOCTYPE html>');
    expect(res.payload).toMatch(/<style[^>]*>/);
    expect(res.payload).toContain('box-sizing');
    expect(res.payload).toContain("getElementById('saludo')");
    expect(res.payload).not.toContain('src="script.js"');
  });

  it('exports a ZIP of all files on the small plan, without history', async () => {
    const user = await createTestUser(database, { plan: 'small' });
    const sp = await spaceWithVersions(user, 2, 'Tienda');
    const detail = (await call(user, 'GET', `/api/spaces/${sp.id}`)).json();
    await call(user, 'PUT', `/api/spaces/${sp.id}/files`, {
      revision: detail.revision,
      files: [{ path: 'css/extra.css', content: 'p { color: red; }' }],
    });
    const res = await call(user, 'GET', `/api/spaces/${sp.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('tienda.zip');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zip).sort()).toEqual(['css/extra.css', 'index.html', 'script.js', 'style.css']);
    expect(strFromU8(zip['index.html'] as Uint8Array)).toBe('<h1>v2</h1>');
    expect(strFromU8(zip['css/extra.css'] as Uint8Array)).toBe('p { color: red; }');
  });

  it('exports the version history in the ZIP on medium and pro', async () => {
    for (const plan of ['medium', 'pro']) {
      const user = await createTestUser(database, { plan });
      const sp = await spaceWithVersions(user, 3, 'Historia');
      const res = await call(user, 'GET', `/api/spaces/${sp.id}/export`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const zip = unzipSync(new Uint8Array(res.rawPayload));
      const today = new Date().toISOString().slice(0, 10);
      expect(strFromU8(zip['index.html'] as Uint8Array)).toBe('<h1>v3</h1>');
      expect(strFromU8(zip[`versions/001-${today}/index.html`] as Uint8Array)).toContain('<!DOCTYPE html>');
      expect(strFromU8(zip[`versions/002-${today}/index.html`] as Uint8Array)).toBe('<h1>v2</h1>');
      expect(strFromU8(zip[`versions/003-${today}/index.html`] as Uint8Array)).toBe('<h1>v3</h1>');
      expect(zip[`versions/003-${today}/style.css`]).toBeDefined();
      const index = JSON.parse(strFromU8(zip['versions/index.json'] as Uint8Array));
      expect(index.map((v: { source: string; prompt: string | null }) => [v.source, v.prompt])).toEqual([
        ['initial', null],
        ['save', 'paso 2'],
        ['save', 'paso 3'],
      ]);
    }
  });
});
