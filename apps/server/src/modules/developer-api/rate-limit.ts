import { type DeveloperPlanId, developerPlanIds, developerPlans } from '@div/shared/plans';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { openRedis, REDIS_CONNECT_TIMEOUT_MS } from '../../providers/redis/client';

/**
 * The per-minute limit of the developer plans, per user, with rate-limiter-flexible: a fixed window
 * counted atomically in Redis (one Lua INCR + PEXPIRE) when REDIS_URL is set, so every instance
 * shares it; in process memory otherwise. A Redis outage falls back to an in-memory limiter
 * (the library's insurance limiter) rather than letting everything through or failing requests.
 */

export interface MinuteDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface MinuteLimiter {
  /** Counts one request of the user against their plan's per-minute limit; null when it is unlimited. */
  consume(userId: string, plan: DeveloperPlanId): Promise<MinuteDecision | null>;
  close(): Promise<void>;
  readonly shared: boolean;
}

export function createMinuteLimiter(options: {
  redisUrl?: string | undefined;
  /** A Redis client to share (not closed here); otherwise one is opened from redisUrl. */
  redis?: Redis;
  /** Window length; 60 s in production, shorter in tests. */
  windowSeconds: number;
  /** Key namespace (tests isolate runs that share one Redis). */
  keyPrefix?: string;
  log?: { warn: (o: object, m: string) => void };
}): MinuteLimiter {
  const prefix = options.keyPrefix ?? 'div:v1:minute';
  let redis: Redis | null = options.redis ?? null;
  const ownsRedis = !options.redis && Boolean(options.redisUrl);
  if (!redis && options.redisUrl) {
    redis = openLimitsRedis(options.redisUrl);
    redis.on('error', (error) => options.log?.warn({ err: error }, 'redis error (developer API rate limit)'));
  }
  const limiters = new Map<DeveloperPlanId, RateLimiterAbstract>();
  for (const id of developerPlanIds) {
    const points = developerPlans[id].requestsPerMinute;
    if (points < 0) continue;
    const base = { points, duration: options.windowSeconds, keyPrefix: `${prefix}:${id}` };
    limiters.set(
      id,
      redis
        ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: new RateLimiterMemory(base) })
        : new RateLimiterMemory(base),
    );
  }

  return {
    shared: Boolean(redis),
    async consume(userId, plan) {
      const limiter = limiters.get(plan);
      if (!limiter) return null;
      const limit = limiter.points;
      try {
        const res = await limiter.consume(userId);
        return { allowed: true, limit, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, limit, remaining: 0, resetMs: rejection.msBeforeNext };
        }
        throw rejection;
      }
    },
    async close() {
      if (ownsRedis) await redis?.quit().catch(() => {});
    },
  };
}

/**
 * The Redis connection of the limits: the app's short timeouts and no offline queue (ADR 0122: a
 * Redis outage falls back to the insurance limiters at once instead of waiting), plus
 * auto-pipelining, which sends the minute and month counts of a request in one write.
 */
export function openLimitsRedis(url: string): Redis {
  return openRedis(url, { enableAutoPipelining: true });
}

/** Resolves once the connection is ready, or after `ms` (startup does not wait on a Redis that is down). */
export function redisReady(redis: Redis, ms = REDIS_CONNECT_TIMEOUT_MS): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}
