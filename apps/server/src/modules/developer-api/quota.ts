import { type DeveloperPlanId, developerPlanIds, developerPlans } from '@div/shared/plans';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/client';
import { apiRequestCounts } from '../../db/schema/api-keys';
import { openLimitsRedis } from './rate-limit';

/**
 * The monthly request quota of the developer plans, per user and calendar month (UTC).
 *
 * The count that decides lives in rate-limiter-flexible (Redis when REDIS_URL is set, so every
 * instance shares it; process memory otherwise), keyed by user and month, so a request costs no
 * database write. The database keeps the durable count (`api_request_counts`): increments are
 * written behind in batches, and whenever a counter starts afresh (a new process, a Redis that lost
 * its data, a memory entry that expired) it is seeded from the database before it decides again.
 */

/** `YYYY-MM` of a date, in UTC. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of the next calendar month (UTC): when the monthly counter starts again. */
export function periodResetOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

export interface MonthDecision {
  allowed: boolean;
  /** Requests counted this month (this one included when allowed). */
  used: number;
  limit: number;
  resetAt: Date;
}

export interface MonthlyQuota {
  /** Counts one request of the user while under their plan's monthly limit (-1 unlimited). */
  consume(opts: { userId: string; plan: DeveloperPlanId; now?: Date }): Promise<MonthDecision>;
  /** Gives back a request counted by `consume` (it was refused by another limit). */
  release(opts: { userId: string; plan: DeveloperPlanId; now: Date }): Promise<void>;
  /** Requests counted this month so far. */
  used(opts: { userId: string; plan: DeveloperPlanId; now?: Date }): Promise<number>;
  /** Writes the pending increments to the database. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** A memory entry's lifetime is capped below Node's longest timer (24.8 days); it is re-seeded after. */
const MAX_MEMORY_SECONDS = 20 * 86_400;

export function createMonthlyQuota(options: {
  db: Database;
  redisUrl?: string | undefined;
  /** A Redis client to share (not closed here); otherwise one is opened from redisUrl. */
  redis?: Redis;
  keyPrefix?: string;
  /** How often pending increments are written to the database. */
  flushMs?: number;
  log?: { warn: (o: object, m: string) => void };
}): MonthlyQuota {
  const { db } = options;
  const prefix = options.keyPrefix ?? 'div:v1:month';
  let redis: Redis | null = options.redis ?? null;
  const ownsRedis = !options.redis && Boolean(options.redisUrl);
  if (!redis && options.redisUrl) {
    redis = openLimitsRedis(options.redisUrl);
    redis.on('error', (error) => options.log?.warn({ err: error }, 'redis error (developer API monthly quota)'));
  }
  const limiters = new Map<DeveloperPlanId, RateLimiterAbstract>();
  for (const id of developerPlanIds) {
    const points = developerPlans[id].requestsPerMonth;
    if (points < 0) continue;
    // The duration is set per key (until the month ends); this one is only the default.
    const base = { points, duration: 31 * 86_400, keyPrefix: `${prefix}:${id}` };
    limiters.set(
      id,
      redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: redis,
            insuranceLimiter: new RateLimiterMemory({ ...base, duration: MAX_MEMORY_SECONDS }),
          })
        : new RateLimiterMemory({ ...base, duration: MAX_MEMORY_SECONDS }),
    );
  }

  /** Counters being seeded from the database, by limiter key. */
  const seeding = new Map<string, Promise<number>>();
  /** Increments not yet in the database, by `userId|period`. */
  const pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const rows = [...pending.entries()].map(([k, count]) => {
        const [userId = '', period = ''] = k.split('|');
        return { userId, period, count };
      });
      pending.clear();
      try {
        await db
          .insert(apiRequestCounts)
          .values(rows)
          .onConflictDoUpdate({
            target: [apiRequestCounts.userId, apiRequestCounts.period],
            set: { count: sql`${apiRequestCounts.count} + excluded.count` },
          });
      } catch (error) {
        // Keep them for the next flush (a user deleted meanwhile is dropped by the foreign key then).
        for (const row of rows)
          pending.set(`${row.userId}|${row.period}`, (pending.get(`${row.userId}|${row.period}`) ?? 0) + row.count);
        options.log?.warn({ err: error }, 'could not write developer API request counts');
        if (rows.length > 10_000) pending.clear();
      }
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? 1000);
  timer.unref();

  const durationOf = (now: Date) => {
    const seconds = Math.ceil((periodResetOf(now).getTime() - now.getTime()) / 1000);
    return redis ? seconds + 86_400 : Math.min(seconds, MAX_MEMORY_SECONDS);
  };
  const stored = async (userId: string, period: string) => {
    const rows = await db
      .select({ count: apiRequestCounts.count })
      .from(apiRequestCounts)
      .where(sql`${apiRequestCounts.userId} = ${userId} and ${apiRequestCounts.period} = ${period}`)
      .limit(1);
    return (rows[0]?.count ?? 0) + (pending.get(`${userId}|${period}`) ?? 0);
  };

  return {
    async consume({ userId, plan, now = new Date() }) {
      const limiter = limiters.get(plan);
      const resetAt = periodResetOf(now);
      const period = periodOf(now);
      if (!limiter) return { allowed: true, used: 0, limit: -1, resetAt };
      const limit = limiter.points;
      const key = `${userId}:${period}`;
      const customDuration = durationOf(now);
      let res: RateLimiterRes;
      try {
        res = await limiter.consume(key, 1, { customDuration });
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, used: limit, limit, resetAt };
        throw rejection;
      }
      let used = res.consumedPoints;
      if (used === 1) {
        // A counter that starts afresh: add what the database already holds for this month. Requests
        // counted meanwhile (before the seed lands) add it themselves once it is known.
        const seed = (async () => {
          const before = await stored(userId, period);
          if (before > 0) await limiter.penalty(key, before, { customDuration });
          return before;
        })();
        seeding.set(key, seed);
        try {
          used += await seed;
        } finally {
          seeding.delete(key);
        }
      } else {
        const seed = seeding.get(key);
        if (seed) used += await seed;
      }
      if (used > limit) return { allowed: false, used: limit, limit, resetAt };
      const k = `${userId}|${period}`;
      pending.set(k, (pending.get(k) ?? 0) + 1);
      return { allowed: true, used, limit, resetAt };
    },
    async release({ userId, plan, now }) {
      const limiter = limiters.get(plan);
      if (!limiter) return;
      const period = periodOf(now);
      await limiter.reward(`${userId}:${period}`, 1);
      const k = `${userId}|${period}`;
      const left = (pending.get(k) ?? 0) - 1;
      if (left > 0) pending.set(k, left);
      else pending.delete(k);
    },
    async used({ userId, plan, now = new Date() }) {
      const period = periodOf(now);
      const limiter = limiters.get(plan);
      const live = limiter ? await limiter.get(`${userId}:${period}`) : null;
      if (live) return Math.min(live.consumedPoints, limiter?.points ?? live.consumedPoints);
      return stored(userId, period);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      if (ownsRedis) await redis?.quit().catch(() => {});
    },
  };
}
