import { developerPlans } from '@div/shared/plans';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { type OwnRedis, startOwnRedis } from '../../resilience/services';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/db';
import { createKeyUser } from './test-helpers';

/**
 * The per-minute limit shared by two app instances through Redis: 10 times the allowed rate arrives
 * in concurrent waves, spread over both, and the limit holds within ±1 (it holds exactly: the count is one
 * atomic Lua script in Redis). Uses TEST_REDIS_URL (e.g. redis://127.0.0.1:6379), else a redis-server
 * of its own on a free port.
 */
describe('per-minute limits across two instances sharing Redis', () => {
  let database: DatabaseHandle;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let ownRedis: OwnRedis | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    let redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) {
      ownRedis = await startOwnRedis();
      redisUrl = ownRedis.url;
    }
    const env = { REDIS_URL: redisUrl };
    [one, two] = await Promise.all([createTestApp(database, env), createTestApp(database, env)]);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
    await database.close();
    await ownRedis?.stop();
  });

  it.each(['starter', 'growth'] as const)(
    'holds the %s limit when 10x its rate arrives in a burst',
    // A thousand API-key lookups on the embedded database take a while on busy CI cores. (A Redis
    // reply waiting behind the held event loop is no longer read as an outage: providers/redis/client.ts.)
    { timeout: 90_000 },
    async (plan) => {
      const limit = developerPlans[plan].requestsPerMinute;
      const user = await createKeyUser(database, { developerPlan: plan });
      // In concurrent waves of 1.5 times the limit, alternating between the instances: the first wave
      // races past the limit in Redis, and no wave holds the event loop past the Redis command timeout
      // (1 s), after which the limiter falls back to its per-instance insurance (a CI run on 2 busy
      // cores got there with all 1,000 requests at once, and two instances let 200 through).
      const wave = Math.ceil(limit * 1.5);
      const answers: Awaited<ReturnType<FastifyInstance['inject']>>[] = [];
      for (let start = 0; start < limit * 10; start += wave) {
        const requests = Array.from({ length: Math.min(wave, limit * 10 - start) }, (_, j) =>
          ((start + j) % 2 === 0 ? one : two).inject({
            method: 'GET',
            url: '/v1/usage',
            headers: { authorization: user.authorization },
          }),
        );
        answers.push(...(await Promise.all(requests)));
      }
      const ok = answers.filter((a) => a.statusCode === 200).length;
      const limited = answers.filter((a) => a.statusCode === 429);
      expect(Math.abs(ok - limit)).toBeLessThanOrEqual(1);
      expect(ok + limited.length).toBe(limit * 10);
      expect(limited.every((a) => a.json().limit === 'minute' && Number(a.headers['retry-after']) >= 1)).toBe(true);
      // Both instances answered, and both refused once the shared window was spent.
      expect(answers.filter((a, i) => i % 2 === 0 && a.statusCode === 429).length).toBeGreaterThan(0);
      expect(answers.filter((a, i) => i % 2 === 1 && a.statusCode === 429).length).toBeGreaterThan(0);
    },
  );
});
