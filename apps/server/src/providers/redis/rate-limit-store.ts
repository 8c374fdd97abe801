import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * A store for @fastify/rate-limit that counts in Redis (shared by every instance) and, while Redis
 * does not answer, in this process instead, with one warning per outage (issue 9). Requests are
 * neither failed nor let through unlimited when Redis is down.
 */

const require = createRequire(import.meta.url);
type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
interface InnerStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): InnerStore;
}
type StoreConstructor = new (...args: unknown[]) => InnerStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreConstructor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreConstructor;

interface GlobalParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

export function redisWithFallbackStore(
  redis: Redis,
  nameSpace: string,
  log: { warn: (o: object, m: string) => void },
): FastifyRateLimitStoreCtor {
  let warned = false;
  const onRedisError = (error: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: error }, 'redis unavailable: rate limits are counted in this process until it answers again');
  };
  redis.on('ready', () => {
    warned = false;
  });

  class FallbackStore implements InnerStore {
    constructor(
      private readonly shared: InnerStore,
      private readonly local: InnerStore,
    ) {}
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      if (redis.status !== 'ready') {
        onRedisError(new Error(`redis is ${redis.status}`));
        return this.local.incr(key, cb, timeWindow, max);
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return cb(null, result);
          onRedisError(error);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    read(key: string, cb: Callback, timeWindow: number, max: number) {
      const local = this.local;
      if (redis.status !== 'ready' || !this.shared.read) return local.read?.(key, cb, timeWindow, max);
      this.shared.read(
        key,
        (error, result) => (error ? local.read?.(key, cb, timeWindow, max) : cb(null, result)),
        timeWindow,
        max,
      );
    }
    child(routeOptions: unknown): InnerStore {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  // @fastify/rate-limit calls `new store(globalParams)`.
  return function Store(this: unknown, params: GlobalParams) {
    return new FallbackStore(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
      new LocalStore(params.continueExceeding, params.exponentialBackoff, 5000),
    );
  } as unknown as FastifyRateLimitStoreCtor;
}
