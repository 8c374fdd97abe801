import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../apps/server/src/app';
import type { AppContext } from '../../../apps/server/src/context';
import type { DatabaseHandle } from '../../../apps/server/src/db/client';
import { users } from '../../../apps/server/src/db/schema/users';
import { createApiKey } from '../../../apps/server/src/modules/api-keys/service';
import { storeSubmission } from '../../../apps/server/src/modules/forms/submit';
import { createTestUser, testConfig } from '../../../apps/server/src/test/app';
import { openTestDatabase } from '../../../apps/server/src/test/db';
import { DivApiError, DivClient, type GenerationEvent } from './index';

/** The SDK against the real server listening on a port (local composer, 2 s rate window). */
describe('@div/sdk against the running server', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig({ COMPOSER_PACE: '0', API_RATE_WINDOW_SECONDS: '2' }), { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function newKey(developerPlan = 'growth'): Promise<string> {
    const user = await createTestUser(database);
    await database.db.update(users).set({ developerPlan }).where(eq(users.id, user.id));
    return (await createApiKey({ db: database.db, userId: user.id, name: 'sdk' })).key;
  }

  it('generates with streamed events, edits, reads, deploys and reads usage', async () => {
    const client = new DivClient({ apiKey: await newKey(), baseUrl });
    const stream = client.generate({ prompt: 'Una web para un estudio de yoga llamado Loto Azul', name: 'Loto Azul' });
    const events: GenerationEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.some((e) => e.type === 'code')).toBe(true);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    const spaceId = stream.spaceId as string;
    expect(spaceId).toBeTruthy();

    const edited = await client.editSite(spaceId, { prompt: 'Cambia el color principal a verde' });
    expect(edited.spaceId).toBe(spaceId);
    expect(edited.files.length).toBeGreaterThan(0);

    const { files } = await client.spaces.files(spaceId);
    expect(files.find((f) => f.path === 'index.html')?.content).toContain('Loto Azul');
    const { versions } = await client.spaces.versions(spaceId);
    expect(versions[0]?.id).toBe(edited.versionId);

    const deployed = await client.deploy(spaceId);
    expect(deployed.url).toMatch(/^https?:\/\//);

    const usage = await client.usage();
    expect(usage.apiCalls).toBe(5);
    expect(usage.api).toMatchObject({ developerPlan: 'growth', requestsPerMinute: 100, requestsUsed: 6 });

    // The Revisión: a composer site has no errors; fixing answers the findings after the fixes.
    const checked = await client.checks.get(spaceId);
    expect(checked.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const fixed = await client.checks.fix(spaceId, { rules: ['missing-lang'] });
    expect(fixed.version).toBeNull();
    expect(fixed.findings).toEqual(checked.findings);

    const { space } = await client.spaces.create({ name: 'Otro' });
    expect((await client.spaces.list()).spaces.map((s) => s.id)).toContain(space.id);
    await client.spaces.delete(space.id);
    await expect(client.spaces.files(space.id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('lists, reads and deletes form submissions; another key cannot see them', async () => {
    const client = new DivClient({ apiKey: await newKey(), baseUrl });
    const { space } = await client.spaces.create({ name: 'Café con formulario' });
    const ctx = { db: database.db, config: testConfig() } as AppContext;
    for (const nombre of ['Ana', 'Luis']) {
      await storeSubmission(ctx, {
        spaceId: space.id,
        formName: 'contacto',
        page: '/',
        fields: [
          { name: 'nombre', value: nombre },
          { name: 'email', value: `${nombre.toLowerCase()}@example.org` },
        ],
        spamReason: null,
        test: false,
      });
    }
    const first = await client.submissions.list(space.id, { limit: 1 });
    expect(first.submissions).toHaveLength(1);
    expect(first.unread).toBe(2);
    expect(first.submissions[0]?.fields[0]).toEqual({ name: 'nombre', value: 'Luis' });
    const second = await client.submissions.list(space.id, { limit: 1, cursor: first.nextCursor ?? '' });
    expect(second.submissions[0]?.email).toBe('ana@example.org');
    expect(second.nextCursor).toBeNull();
    const id = second.submissions[0]?.id ?? '';
    expect((await client.submissions.get(space.id, id)).formName).toBe('contacto');

    const stranger = new DivClient({ apiKey: await newKey(), baseUrl, maxRetries: 0 });
    await expect(stranger.submissions.list(space.id)).rejects.toMatchObject({ status: 404 });

    await client.submissions.delete(space.id, id);
    await expect(client.submissions.get(space.id, id)).rejects.toMatchObject({ status: 404 });
    expect((await client.submissions.list(space.id, { q: 'luis' })).submissions).toHaveLength(1);
  });

  it('lists spaces a page at a time, and all() walks every page once, newest first', async () => {
    const client = new DivClient({ apiKey: await newKey(), baseUrl });
    const made: string[] = [];
    for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco']) made.unshift((await client.spaces.create({ name })).space.id);
    const first = await client.spaces.list({ limit: 2 });
    expect(first.spaces.map((s) => s.id)).toEqual(made.slice(0, 2));
    expect(first).toMatchObject({ total: 5, nextCursor: expect.any(String) });
    const second = await client.spaces.list({ limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.spaces.map((s) => s.id)).toEqual(made.slice(2, 4));
    const all: string[] = [];
    for await (const space of client.spaces.all({ limit: 2 })) all.push(space.id);
    expect(all).toEqual(made);
    await expect(client.spaces.list({ cursor: 'roto' })).rejects.toMatchObject({ status: 400 });
  });

  it('waits out a 429 as Retry-After says and then succeeds', async () => {
    const key = await newKey('starter');
    const impatient = new DivClient({ apiKey: key, baseUrl, maxRetries: 0 });
    // Spend the window (10 requests on starter).
    let refused: unknown;
    for (let i = 0; i < 12 && !refused; i++) {
      await impatient.spaces.list().catch((error) => {
        refused = error;
      });
    }
    expect(refused).toBeInstanceOf(DivApiError);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', limit: 'minute' });
    expect((refused as DivApiError).retryAfter).toBeGreaterThanOrEqual(1);

    const seen: number[] = [];
    const patient = new DivClient({
      apiKey: key,
      baseUrl,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        seen.push(response.status);
        return response;
      },
    });
    const started = Date.now();
    const { spaces } = await patient.spaces.list();
    expect(Array.isArray(spaces)).toBe(true);
    expect(seen[0]).toBe(429);
    expect(seen.at(-1)).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('does not retry an error of the request itself, and stops on abort', async () => {
    let calls = 0;
    const client = new DivClient({
      apiKey: await newKey(),
      baseUrl,
      fetch: (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
    });
    await expect(client.spaces.create({ name: '' })).rejects.toMatchObject({ status: 400 });
    expect(calls).toBe(1);

    const revoked = new DivClient({ apiKey: 'div_not-a-key', baseUrl });
    await expect(revoked.usage()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(client.usage({ signal: controller.signal })).rejects.toThrow('stop');
  });

  it('retries 5xx with exponential backoff', async () => {
    const statuses = [503, 502, 200];
    const delays: number[] = [];
    let last = Date.now();
    const client = new DivClient({
      apiKey: 'div_x',
      baseUrl: 'http://sdk.test',
      retryBaseMs: 40,
      fetch: async () => {
        const now = Date.now();
        delays.push(now - last);
        last = now;
        const status = statuses.shift() ?? 200;
        return new Response(JSON.stringify(status === 200 ? { spaces: [] } : { message: 'caído', code: 'UNAVAILABLE' }), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    expect(await client.spaces.list()).toEqual({ spaces: [] });
    expect(delays).toHaveLength(3);
    expect(delays[1]).toBeGreaterThanOrEqual(20);
    expect(delays[2]).toBeGreaterThanOrEqual(40);
  });

  it('aborts a running generation stream', async () => {
    const slow = await buildApp(testConfig({ COMPOSER_PACE: '200' }), { database, logger: false });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = new DivClient({
        apiKey: await newKey(),
        baseUrl: `http://127.0.0.1:${(slow.server.address() as AddressInfo).port}`,
      });
      const controller = new AbortController();
      const events: GenerationEvent[] = [];
      const run = (async () => {
        for await (const event of client.generate({ prompt: 'Una web para una librería' }, { signal: controller.signal })) {
          events.push(event);
          if (events.length === 3) controller.abort();
        }
      })();
      await expect(run).rejects.toThrow();
      expect(events.some((e) => e.type === 'done')).toBe(false);
    } finally {
      await slow.close();
    }
  });
});
