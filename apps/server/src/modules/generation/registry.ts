import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedisClient } from '../../providers/redis/client';

/**
 * The generations running in this process, one per space. Stopping one aborts its controller, which
 * closes the upstream connection at once. With Redis, a stop is also published on a channel so the
 * instance that runs the generation (maybe another one) cancels it.
 */

export const STOP_CHANNEL = 'div:generation:stop';

interface Running {
  id: string;
  userId: string;
  controller: AbortController;
}

export interface GenerationRegistry {
  /** Claims the space for a generation; null when one is already running there. */
  start(spaceId: string, userId: string): { controller: AbortController; finish: () => void } | null;
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
}) {
  const running = new Map<string, Running>();
  const instance = randomUUID();

  const stopLocal = (spaceId: string, userId: string): boolean => {
    const entry = running.get(spaceId);
    if (!entry || entry.userId !== userId) return false;
    entry.controller.abort();
    return true;
  };

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let ready: Promise<void> = Promise.resolve();
  if (options.redisUrl) {
    // No offline queue on the publisher: with Redis down a stop fails at once and stays local (issue 9).
    publisher = createRedisClient(options.redisUrl, { ...(options.log ? { log: options.log } : {}), name: 'generation-stop' });
    subscriber = new Redis(options.redisUrl, { lazyConnect: false });
    const onError = (error: unknown) => options.log?.warn({ err: error }, 'redis error (generation stop channel)');
    subscriber.on('error', onError);
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== STOP_CHANNEL) return;
      try {
        const message = JSON.parse(text) as { spaceId: string; userId: string; from: string };
        if (message.from !== instance) stopLocal(message.spaceId, message.userId);
      } catch {
        // not ours
      }
    });
    ready = subscriber.subscribe(STOP_CHANNEL).then(() => undefined);
    ready.catch(onError);
  }

  const registry: GenerationRegistry = {
    ready,
    start(spaceId, userId) {
      if (running.has(spaceId)) return null;
      const entry: Running = { id: randomUUID(), userId, controller: new AbortController() };
      running.set(spaceId, entry);
      return {
        controller: entry.controller,
        finish: () => {
          if (running.get(spaceId) === entry) running.delete(spaceId);
        },
      };
    },
    isRunning: (spaceId) => running.has(spaceId),
    async stop(spaceId, userId) {
      const here = stopLocal(spaceId, userId);
      if (publisher) {
        await publisher
          .publish(STOP_CHANNEL, JSON.stringify({ spaceId, userId, from: instance }))
          .catch((error: unknown) => options.log?.warn({ err: error }, 'redis down: the stop reached this instance only'));
      }
      return here;
    },
    async close() {
      for (const entry of running.values()) entry.controller.abort();
      running.clear();
      // disconnect, not quit: quit waits forever on a subscriber that never reached a Redis that is down.
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
  return registry;
}
