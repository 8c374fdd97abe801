import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { openRedis } from '../../providers/redis/client';
import { redisWithFallbackStore } from '../../providers/redis/rate-limit-store';

export const RATE_LIMITED_MESSAGE = 'Demasiados intentos de inicio de sesión. Espera un minuto e inténtalo de nuevo.';

/**
 * Makes per-route rate limits available in this (encapsulated) scope: counters per IP, in process or
 * in Redis when REDIS_URL is set so several instances share them. Over the limit answers
 * 429 `{message, code: 'RATE_LIMITED'}`.
 */
export async function enableAuthRateLimit(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  if (scope.hasDecorator('rateLimit')) return;
  let redis: Redis | undefined;
  if (ctx.config.REDIS_URL) {
    // With the app's command timeout: a Redis that hangs sends the count to this process after a
    // second instead of holding every sign-in for ever.
    redis = openRedis(ctx.config.REDIS_URL);
    redis.on('error', () => {});
    const client = redis;
    scope.addHook('onClose', async () => {
      client.disconnect();
    });
  }
  await scope.register(fastifyRateLimit, {
    global: false,
    // Counted in Redis, or in this process while Redis does not answer (issue 9).
    ...(redis ? { store: redisWithFallbackStore(redis, 'div-auth-rl:', ctx.log) } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE),
  });
}

/** The route option that limits a sign-in endpoint to AUTH_RATE_LIMIT requests per IP per minute. */
export function authRateLimit(ctx: AppContext) {
  return { rateLimit: { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: 60_000 } };
}
