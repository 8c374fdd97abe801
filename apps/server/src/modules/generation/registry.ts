import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type Broadcast, createBroadcast } from '../../providers/redis/broadcast';
import { createRedisClient } from '../../providers/redis/client';

/**
 * The generations running in this process, one per space. Stopping one aborts its controller, which
 * closes the upstream connection at once. With Redis, a stop is also published on a channel so the
 * instance that runs the generation (maybe another one) cancels it, and a space is claimed in Redis
 * too (a key with a renewed lease), so one generation per space holds across instances. With Redis
 * down, claims and stops fall back to this process.
 */

export const STOP_CHANNEL = 'div:generation:stop';
const CLAIM_PREFIX = 'div:generation:space:';
/** Renews the lease only while the key still holds this claim's id. */
const RENEW_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";
/** Deletes the key only while it still holds this claim's id (a lapsed lease may belong to another). */
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

interface StopMessage {
  spaceId: string;
  userId: string;
}

interface Running {
  id: string;
  userId: string;
  controller: AbortController;
}

export interface GenerationRegistry {
  /** Claims the space for a generation; null when one is already running there (on any instance). */
  start(spaceId: string, userId: string): Promise<{ controller: AbortController; finish: () => void } | null>;
  /** Whether a generation runs for this space in this process. */
  isRunning(spaceId: string): boolean;
  /** Stops the space's generation here and, with Redis, on every other instance. */
  stop(spaceId: string, userId: string): Promise<boolean>;
  close(): Promise<void>;
  /** Resolves once the Redis subscription is active (at once without Redis). */
  ready: Promise<void>;
}

export function createGenerationRegistry(options: {
  redisUrl?: string | undefined;
  log?: { warn: (o: object, m: string) => void };
  /** How long a claim outlives an instance that died without releasing it (renewed at a third of it). */
  claimLeaseMs?: number;
}) {
  const leaseMs = options.claimLeaseMs ?? 30_000;
  const running = new Map<string, Running>();

  const stopLocal = (spaceId: string, userId: string): boolean => {
    const entry = running.get(spaceId);
    if (!entry || entry.userId !== userId) return false;
    entry.controller.abort();
    return true;
  };

  let stops: Broadcast<StopMessage> | null = null;
  // Claims: no offline queue, so with Redis down a claim fails at once and stays local (issue 9).
  let claims: Redis | null = null;
  let ready: Promise<void> = Promise.resolve();
  if (options.redisUrl) {
    const log = options.log;
    stops = createBroadcast<StopMessage>({
      url: options.redisUrl,
      channel: STOP_CHANNEL,
      onMessage: (message) => stopLocal(message.spaceId, message.userId),
      log,
    });
    claims = createRedisClient(options.redisUrl, { ...(log ? { log } : {}), name: 'generation-claims' });
    ready = stops.ready;
  }

  const registry: GenerationRegistry = {
    ready,
    async start(spaceId, userId) {
      if (running.has(spaceId)) return null;
      const entry: Running = { id: randomUUID(), userId, controller: new AbortController() };
      running.set(spaceId, entry);
      const key = `${CLAIM_PREFIX}${spaceId}`;
      let renewal: NodeJS.Timeout | undefined;
      if (claims) {
        const claimed = await claims.set(key, entry.id, 'PX', leaseMs, 'NX').then(
          (answer) => answer === 'OK',
          (error: unknown) => {
            options.log?.warn({ err: error }, 'redis down: the space is claimed on this instance only');
            return true;
          },
        );
        if (!claimed) {
          running.delete(spaceId);
          return null;
        }
        renewal = setInterval(() => {
          claims?.eval(RENEW_SCRIPT, 1, key, entry.id, leaseMs).catch(() => {});
        }, leaseMs / 3);
        renewal.unref();
      }
      return {
        controller: entry.controller,
        finish: () => {
          if (renewal) clearInterval(renewal);
          if (running.get(spaceId) === entry) running.delete(spaceId);
          claims?.eval(RELEASE_SCRIPT, 1, key, entry.id).catch(() => {});
        },
      };
    },
    isRunning: (spaceId) => running.has(spaceId),
    async stop(spaceId, userId) {
      const here = stopLocal(spaceId, userId);
      await stops?.publish({ spaceId, userId });
      return here;
    },
    async close() {
      for (const entry of running.values()) entry.controller.abort();
      running.clear();
      stops?.close();
      // disconnect, not quit: quit waits on a Redis that is down.
      claims?.disconnect();
    },
  };
  return registry;
}
