import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { type SilentRedis, startSilentRedis } from '../../resilience/services';
import { authRateLimit, enableAuthRateLimit } from './rate-limit';

/**
 * The sign-in rate limit with a Redis that hangs (connected, never answering): each request is
 * counted in this process after the command timeout instead of waiting for ever, and the limit holds.
 */
describe('sign-in rate limit when Redis hangs', () => {
  let silent: SilentRedis;
  const app = Fastify();
  beforeAll(async () => {
    silent = await startSilentRedis();
    const ctx = {
      config: { REDIS_URL: silent.url, AUTH_RATE_LIMIT: 2 },
      log: { warn: () => {}, info: () => {}, error: () => {} },
    } as unknown as AppContext;
    await app.register(async (scope) => {
      await enableAuthRateLimit(scope, ctx);
      scope.post('/login', { config: authRateLimit(ctx) }, async () => ({ ok: true }));
    });
    await app.ready();
    // Connected and past its ready check: from here on Redis takes commands and never answers them.
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(async () => {
    await app.close();
    await silent.stop();
  });

  it('answers every request in about the Redis timeout and still refuses the third', { timeout: 15_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const answer = await app.inject({ method: 'POST', url: '/login' });
      statuses.push(answer.statusCode);
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
