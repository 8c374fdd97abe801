import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { startOwnRedis } from '../../resilience/services';
import { createTestUser } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { contentSteps, type OpenAiTestServer, startOpenAiTestServer } from '../../test/openai-server';
import { createSpaceFor, listenTestApp, messagesUsed, postGenerate, postJson, readSpace, within } from './test-helpers';

/**
 * Two app instances sharing Redis, as behind a load balancer: TEST_REDIS_URL (or REDIS_URL), else a
 * redis-server of our own (startOwnRedis says how to install it when it is missing).
 */
const configured = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const own = configured ? null : await startOwnRedis();
const redisUrl = configured ?? own?.url ?? '';
afterAll(async () => {
  await own?.stop();
});

describe('without Redis', () => {
  let database: DatabaseHandle;
  let app: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await listenTestApp(database, { COMPOSER_PACE: '0' });
  });
  afterAll(async () => {
    await app.app.close();
    await database.close();
  });
  it("a stop for a space with nothing running answers stopped: false, and another user's space is not found", async () => {
    const user = await createTestUser(database);
    const other = await createTestUser(database);
    const spaceId = await createSpaceFor(app.url, user.authorization);
    expect(await postJson(app.url, '/api/ask-ai/stop', user.authorization, { spaceId })).toEqual({
      status: 200,
      json: { stopped: false },
    });
    expect((await postJson(app.url, '/api/ask-ai/stop', other.authorization, { spaceId })).status).toBe(404);
    expect((await postJson(app.url, '/api/ask-ai/stop', null, { spaceId })).status).toBe(401);
  });
});

describe('two instances sharing Redis', () => {
  const url = redisUrl;
  let database: DatabaseHandle;
  let upstream: OpenAiTestServer;
  let one: { app: FastifyInstance; url: string };
  let two: { app: FastifyInstance; url: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    upstream = await startOpenAiTestServer();
    const env = { AI_API_KEY: 'k', AI_BASE_URL: upstream.url, REDIS_URL: url };
    one = await listenTestApp(database, env);
    two = await listenTestApp(database, env);
    // Let both subscriptions settle.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    await one.app.close();
    await two.app.close();
    await upstream.close();
    await database.close();
  });

  it('a stop sent to one instance cancels the generation running on the other', async () => {
    const user = await createTestUser(database);
    const spaceId = await createSpaceFor(one.url, user.authorization);
    const site = `\`\`\`html index.html\n<!DOCTYPE html>\n<html><body>\n${'<p>Texto</p>\n'.repeat(400)}</body></html>\n\`\`\`\n`;
    upstream.enqueue({ steps: contentSteps(site, 8, 10) });
    const before = upstream.requests.length;
    let stop: Promise<{ status: number; json: Record<string, unknown> }> | undefined;
    const answer = await postGenerate(
      one.url,
      user.authorization,
      { prompt: 'Una web', model: 'google/gemini-2.0-flash-001', spaceId },
      {
        onEvent: (event) => {
          if (event.type === 'code' && !stop) stop = postJson(two.url, '/api/ask-ai/stop', user.authorization, { spaceId });
        },
      },
    );
    expect(eventOfType(answer.events, 'done')).toBe(false);
    const request = upstream.requests[before];
    await within(request?.closed ?? Promise.reject(new Error('no upstream request')), 3000, 'upstream closed');
    expect(request?.aborted).toBe(true);
    // The instance that got the call does not run it; the one that does stopped it.
    expect((await stop)?.json).toEqual({ stopped: false });
    await expect.poll(() => messagesUsed(database, user.id)).toBe(0);
    expect((await readSpace(one.url, user.authorization, spaceId)).versions).toHaveLength(1);
  });

  it('a second generation for the same space on another instance is refused while the first runs, and allowed after', async () => {
    const user = await createTestUser(database, { plan: 'pro' });
    const spaceId = await createSpaceFor(one.url, user.authorization);
    const other = await createSpaceFor(one.url, user.authorization);
    const site = `\`\`\`html index.html\n<!DOCTYPE html>\n<html><body>\n${'<p>Texto</p>\n'.repeat(200)}</body></html>\n\`\`\`\n`;
    upstream.enqueue({ steps: contentSteps(site, 8, 10) });
    const model = 'google/gemini-2.0-flash-001';
    let second: ReturnType<typeof postGenerate> | undefined;
    let elsewhere: ReturnType<typeof postGenerate> | undefined;
    const first = await postGenerate(
      one.url,
      user.authorization,
      { prompt: 'Una web', model, spaceId },
      {
        onEvent: (event) => {
          if (event.type !== 'code' || second) return;
          second = postGenerate(two.url, user.authorization, { prompt: 'Otra web', model, spaceId });
          // Another space of the same person is not blocked.
          upstream.enqueue({ steps: contentSteps(site, 400, 1) });
          elsewhere = postGenerate(two.url, user.authorization, { prompt: 'Otra web', model, spaceId: other });
        },
      },
    );
    expect(first.events.some((e) => e.type === 'done')).toBe(true);
    const refused = await second;
    expect(refused?.status).toBe(409);
    expect(refused?.json?.message).toEqual(expect.any(String));
    expect((await elsewhere)?.events.some((e) => e.type === 'done')).toBe(true);
    // The claim was released when the first one finished: the same space generates on the other instance.
    upstream.enqueue({ steps: contentSteps(site, 400, 1) });
    const after = await postGenerate(two.url, user.authorization, { prompt: 'Otra vez', model, spaceId });
    expect(after.events.some((e) => e.type === 'done')).toBe(true);
    // The refused one used no message: three generations, three messages.
    expect(await messagesUsed(database, user.id)).toBe(3);
  });
});

describe('Redis down', () => {
  it('a generation still runs, its space claimed on this instance only', async () => {
    const redis = await startOwnRedis();
    const database = await openTestDatabase();
    const app = await listenTestApp(database, { COMPOSER_PACE: '0', REDIS_URL: redis.url });
    try {
      const user = await createTestUser(database);
      const spaceId = await createSpaceFor(app.url, user.authorization);
      await redis.stop();
      const answer = await within(
        postGenerate(app.url, user.authorization, { prompt: 'Una web para una panadería', spaceId }),
        8000,
        'generation with Redis down',
      );
      expect(eventOfType(answer.events, 'done')).toBe(true);
    } finally {
      await app.app.close();
      await database.close();
      await redis.stop();
    }
  });
});

function eventOfType(events: { type: string }[], type: string): boolean {
  return events.some((e) => e.type === type);
}
