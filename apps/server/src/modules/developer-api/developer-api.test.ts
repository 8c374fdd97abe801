import type { AddressInfo } from 'node:net';
import { DEVELOPER_API_MESSAGES, v1UsageResponseSchema } from '@div/shared/developer-api';
import type { GenerationEvent } from '@div/shared/generation';
import { readNdjson } from '@div/shared/ndjson';
import { developerPlans } from '@div/shared/plans';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { apiRequestCounts } from '../../db/schema/api-keys';
import { createTestApp, testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/db';
import { createMonthlyQuota, periodOf } from './quota';
import { createMinuteLimiter } from './rate-limit';
import { createKeyUser } from './test-helpers';

// biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
const readJson = (response: Response): Promise<any> => response.json();

const get = (app: FastifyInstance, url: string, authorization: string) =>
  app.inject({ method: 'GET', url, headers: { authorization } });

describe('developer API: spaces, files, versions, isolation', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('creates, lists, reads and deletes spaces with the app contracts', async () => {
    const user = await createKeyUser(database, { developerPlan: 'growth' });
    const created = await app.inject({
      method: 'POST',
      url: '/v1/spaces',
      headers: { authorization: user.authorization },
      payload: { name: 'Desde la API' },
    });
    expect(created.statusCode).toBe(201);
    const space = created.json().space as { id: string; name: string };
    expect(space.name).toBe('Desde la API');

    expect((await get(app, '/v1/spaces', user.authorization)).json().spaces.map((s: { id: string }) => s.id)).toEqual([space.id]);
    const files = (await get(app, `/v1/spaces/${space.id}/files`, user.authorization)).json();
    expect(files.files.map((f: { path: string }) => f.path).sort()).toEqual(['index.html', 'script.js', 'style.css']);
    expect(files.files.find((f: { path: string }) => f.path === 'index.html').language).toBe('html');
    const versions = (await get(app, `/v1/spaces/${space.id}/versions`, user.authorization)).json().versions;
    expect(versions).toHaveLength(1);
    expect(versions[0].source).toBe('initial');

    const blank = await app.inject({
      method: 'POST',
      url: '/v1/spaces',
      headers: { authorization: user.authorization },
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json()).sort()).toEqual(['code', 'message']);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/v1/spaces/${space.id}`,
      headers: { authorization: user.authorization },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(app, `/v1/spaces/${space.id}/files`, user.authorization)).statusCode).toBe(404);
  });

  it("never reaches another user's data (404)", async () => {
    const owner = await createKeyUser(database);
    const other = await createKeyUser(database);
    const space = (
      await app.inject({
        method: 'POST',
        url: '/v1/spaces',
        headers: { authorization: owner.authorization },
        payload: { name: 'Mío' },
      })
    ).json().space as { id: string };
    for (const [method, url] of [
      ['GET', `/v1/spaces/${space.id}/files`],
      ['GET', `/v1/spaces/${space.id}/versions`],
      ['DELETE', `/v1/spaces/${space.id}`],
      ['POST', `/v1/spaces/${space.id}/deploy`],
    ] as const) {
      const answer = await app.inject({ method, url, headers: { authorization: other.authorization } });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().code).toBe('NOT_FOUND');
    }
    const edit = await app.inject({
      method: 'POST',
      url: `/v1/spaces/${space.id}/edit`,
      headers: { authorization: other.authorization },
      payload: { prompt: 'hola' },
    });
    expect(edit.statusCode).toBe(404);
    const into = await app.inject({
      method: 'POST',
      url: '/v1/generate',
      headers: { authorization: other.authorization },
      payload: { prompt: 'hola', spaceId: space.id },
    });
    expect(into.statusCode).toBe(404);
    expect((await get(app, '/v1/spaces', other.authorization)).json().spaces).toEqual([]);
    expect((await get(app, `/v1/spaces/${space.id}/files`, owner.authorization)).statusCode).toBe(200);
  });

  it('validates generation requests with the app contract', async () => {
    const user = await createKeyUser(database);
    const empty = await app.inject({
      method: 'POST',
      url: '/v1/generate',
      headers: { authorization: user.authorization },
      payload: { prompt: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION' });
    expect(empty.json().message).toContain('El prompt no puede estar vacío.');
    const unknownRoute = await get(app, '/v1/nothing', user.authorization);
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json().code).toBe('NOT_FOUND');
  });
});

describe('developer API: generation, deploy and usage over HTTP (local composer)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig({ COMPOSER_PACE: '0' }), { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('streams a generation into a new space, edits it as JSON, deploys it and counts the calls', async () => {
    const user = await createKeyUser(database);
    const headers = { authorization: user.authorization, 'content-type': 'application/json' };
    const streamed = await fetch(`${url}/v1/generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prompt: 'Una web para una floristería llamada Flor de Lis', name: 'Flor de Lis' }),
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toContain('application/x-ndjson');
    expect(streamed.headers.get('ratelimit-limit')).toBe(String(developerPlans.starter.requestsPerMinute));
    const spaceId = streamed.headers.get('x-space-id') as string;
    expect(spaceId).toBeTruthy();
    const events: GenerationEvent[] = [];
    for await (const event of readNdjson(streamed.body as ReadableStream<Uint8Array>)) events.push(event as GenerationEvent);
    expect(events.some((e) => e.type === 'code')).toBe(true);
    const files = events.find((e) => e.type === 'files');
    expect(files?.type === 'files' && files.files.find((f) => f.path === 'index.html')?.content).toContain('Flor de Lis');
    expect(events.at(-1)?.type).toBe('done');

    const spaces = await readJson(await fetch(`${url}/v1/spaces`, { headers }));
    expect(spaces.spaces).toEqual([expect.objectContaining({ id: spaceId, name: 'Flor de Lis' })]);

    // A follow-up edit answered as one JSON object.
    const edited = await fetch(`${url}/v1/spaces/${spaceId}/edit?stream=false`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prompt: 'Cambia el color principal a verde' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('content-type')).toContain('application/json');
    const result = await readJson(edited);
    expect(result).toMatchObject({ spaceId, versionId: expect.any(String), messagesUsed: 2 });
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.edits.every((e: { outcome: string }) => e.outcome.startsWith('applied'))).toBe(true);

    // Accept: application/json into an existing space.
    const again = await fetch(`${url}/v1/generate`, {
      method: 'POST',
      headers: { ...headers, accept: 'application/json' },
      body: JSON.stringify({ prompt: 'Cambia el color principal a azul', spaceId }),
    });
    expect(again.status).toBe(200);
    expect((await readJson(again)).spaceId).toBe(spaceId);
    const versions = await readJson(await fetch(`${url}/v1/spaces/${spaceId}/versions`, { headers }));
    expect(versions.versions.filter((v: { source: string }) => v.source === 'generation')).toHaveLength(3);

    const deployed = await fetch(`${url}/v1/spaces/${spaceId}/deploy`, {
      method: 'POST',
      headers: { authorization: user.authorization },
    });
    expect(deployed.status).toBe(200);
    const deploy = await readJson(deployed);
    expect(deploy.url).toMatch(/^https?:\/\//);
    expect(deploy.deploymentId).toBeTruthy();

    const usageAnswer = await fetch(`${url}/v1/usage`, { headers });
    const usage = v1UsageResponseSchema.parse(await usageAnswer.json());
    // generate, list, edit, generate, versions, deploy (this usage call is recorded once it has answered):
    // each call is one action, a generation's included (it is not also counted as an app action).
    expect(usage.apiCalls).toBe(6);
    expect(usage.actions).toBe(6);
    expect(usage.successRate).toBe(100);
    expect(usage.averageResponseTime).toBeGreaterThanOrEqual(0);
    expect(usage.messagesUsed).toBe(3);
    expect(usage.topFeatures.map((f) => f.feature)).toEqual(expect.arrayContaining(['api.generate', 'api.edit']));
    expect(usage.api).toMatchObject({ developerPlan: 'starter', requestsPerMonth: 1000, requestsPerMinute: 10, requestsUsed: 7 });

    // The app's own usage page shows the API calls too.
    const appUsage = await readJson(
      await fetch(`${url}/api/user/usage`, { headers: { authorization: user.sessionAuthorization } }),
    );
    expect(appUsage.apiCalls).toBe(7);
    expect(appUsage.actions).toBe(7);
    // The three generations sent by API spent three messages, and the history shows them.
    expect(appUsage.dailyUsage.reduce((n: number, d: { messages: number }) => n + d.messages, 0)).toBe(3);
  });

  it('a follow-up the composer declines by API charges nothing and is not a failed call', async () => {
    const user = await createKeyUser(database);
    const headers = { authorization: user.authorization, 'content-type': 'application/json' };
    const created = await fetch(`${url}/v1/generate?stream=false`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prompt: "Panadería 'La Espiga' en Sevilla, teléfono 654 123 456" }),
    });
    expect(created.status).toBe(200);
    const spaceId = created.headers.get('x-space-id');
    const declined = await fetch(`${url}/v1/spaces/${spaceId}/edit?stream=false`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prompt: 'añade un chat con inteligencia artificial que responda a los clientes' }),
    });
    expect(declined.status).toBeGreaterThanOrEqual(400);
    expect((await readJson(declined)).message).toMatch(/He entendido que quieres/);
    const usage = v1UsageResponseSchema.parse(await (await fetch(`${url}/v1/usage`, { headers })).json());
    // One generation, one message; the declined edit is neither an action nor a failure (ADR 0189), but
    // it is counted apart and the rate is over what was asked (ADR 0267).
    expect(usage).toMatchObject({ messagesUsed: 1, actions: 1, apiCalls: 1, succeeded: 1, refusals: 1, successRate: 50 });
  });

  it('answers a failed generation as an error object in JSON mode', async () => {
    const user = await createKeyUser(database);
    const answer = await fetch(`${url}/v1/generate?stream=false`, {
      method: 'POST',
      headers: { authorization: user.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Una web', model: 'no-such-model' }),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const body = await readJson(answer);
    expect(typeof body.message).toBe('string');
    expect(typeof body.code).toBe('string');
  });
});

describe.each(testDrivers)('developer API limits (%s)', (driver) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await createTestApp(database, { API_RATE_WINDOW_SECONDS: '3' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('holds the starter per-minute limit with headers, and resets with the window', async () => {
    const limit = developerPlans.starter.requestsPerMinute;
    const user = await createKeyUser(database);
    const answers = [];
    for (let i = 0; i < limit + 2; i++) answers.push(await get(app, '/v1/spaces', user.authorization));
    // The window is 3 s here; should it roll over during the loop, more pass, never fewer.
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(limit);
    expect(answers[0]?.headers['ratelimit-limit']).toBe(String(limit));
    expect(answers.slice(0, limit).map((a) => a.headers['ratelimit-remaining'])).toEqual(
      Array.from({ length: limit }, (_, i) => String(limit - 1 - i)),
    );
    expect(Number(answers[0]?.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(Number(answers[0]?.headers['ratelimit-reset'])).toBeLessThanOrEqual(3);
    expect(answers[0]?.headers['x-quota-limit']).toBe(String(developerPlans.starter.requestsPerMonth));

    let last = answers.at(-1);
    const more = [];
    for (let i = 0; i < limit + 1 && last?.statusCode === 200; i++) {
      last = await get(app, '/v1/spaces', user.authorization);
      more.push(last);
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toEqual({
      code: 'RATE_LIMITED',
      limit: 'minute',
      message: DEVELOPER_API_MESSAGES.minuteLimit(limit, Number(last?.headers['retry-after'])),
    });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(last?.headers['ratelimit-remaining']).toBe('0');

    // The window resets: the next request after Retry-After passes with a fresh allowance.
    await new Promise((r) => setTimeout(r, Number(last?.headers['retry-after']) * 1000 + 100));
    const after = await get(app, '/v1/spaces', user.authorization);
    expect(after.statusCode).toBe(200);
    expect(after.headers['ratelimit-remaining']).toBe(String(limit - 1));

    // Only the requests let through count against the month.
    const passed = [...answers, ...more, after].filter((a) => a.statusCode === 200).length;
    const usage = await get(app, '/v1/usage', user.authorization);
    expect(usage.json().api.requestsUsed).toBe(passed + 1);
  });

  it.each(['growth', 'scale'] as const)('announces the %s plan limit in the headers', async (plan) => {
    const user = await createKeyUser(database, { developerPlan: plan });
    const answer = await get(app, '/v1/spaces', user.authorization);
    expect(answer.headers['ratelimit-limit']).toBe(String(developerPlans[plan].requestsPerMinute));
    expect(answer.headers['ratelimit-remaining']).toBe(String(developerPlans[plan].requestsPerMinute - 1));
    expect(answer.headers['x-quota-limit']).toBe(String(developerPlans[plan].requestsPerMonth));
  });

  it('holds the monthly quota, names it, and starts again next month', async () => {
    const user = await createKeyUser(database);
    const limit = developerPlans.starter.requestsPerMonth;
    await database.db.insert(apiRequestCounts).values({ userId: user.id, period: periodOf(new Date()), count: limit - 1 });
    const last = await get(app, '/v1/spaces', user.authorization);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-quota-remaining']).toBe('0');
    const over = await get(app, '/v1/spaces', user.authorization);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'QUOTA_EXCEEDED', limit: 'month', message: DEVELOPER_API_MESSAGES.monthLimit(limit) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-limit']).toBe(String(limit));
    expect(over.headers['ratelimit-remaining']).toBe('0');

    // The counter is per calendar month: the first request of the next month passes.
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
    const quota = createMonthlyQuota({ db: database.db });
    expect(await quota.consume({ userId: user.id, plan: 'starter', now: nextMonth })).toMatchObject({ allowed: true, used: 1 });
    await quota.close();
  });

  it('counts the monthly quota exactly under concurrency, from the stored count, and stores it', async () => {
    const user = await createKeyUser(database);
    const limit = developerPlans.starter.requestsPerMonth;
    const period = periodOf(new Date());
    await database.db.insert(apiRequestCounts).values({ userId: user.id, period, count: limit - 17 });
    // A fresh process: its counter is seeded from the database while 30 requests arrive at once.
    const quota = createMonthlyQuota({ db: database.db, flushMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => quota.consume({ userId: user.id, plan: 'starter' })));
    expect(answers.filter((a) => a.allowed)).toHaveLength(17);
    expect(await quota.used({ userId: user.id, plan: 'starter' })).toBe(limit);
    await quota.close();
    const [row] = await database.db
      .select({ count: apiRequestCounts.count })
      .from(apiRequestCounts)
      .where(and(eq(apiRequestCounts.userId, user.id), eq(apiRequestCounts.period, period)));
    expect(row?.count).toBe(limit);
  });

  it('does not limit the enterprise plan', async () => {
    const user = await createKeyUser(database, { developerPlan: 'enterprise' });
    for (let i = 0; i < 15; i++) {
      const answer = await get(app, '/v1/spaces', user.authorization);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('per-minute limiter of each plan', () => {
  it.each(['starter', 'growth', 'scale'] as const)('%s allows exactly its rate per window', async (plan) => {
    const limiter = createMinuteLimiter({ windowSeconds: 60 });
    const limit = developerPlans[plan].requestsPerMinute;
    const decisions = await Promise.all(Array.from({ length: limit * 2 }, () => limiter.consume('u1', plan)));
    expect(decisions.filter((d) => d?.allowed)).toHaveLength(limit);
    expect(await limiter.consume('u2', plan)).toMatchObject({ allowed: true, remaining: limit - 1 });
    expect(await limiter.consume('u1', 'enterprise')).toBeNull();
    await limiter.close();
  });
});
