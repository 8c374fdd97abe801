import { randomUUID } from 'node:crypto';
import { createRedisClient, type RedisLog, redisClient } from './client';

/**
 * A message every other instance hears at once: Redis pub/sub on one channel. Publishing never
 * throws and never waits on a Redis that is down (the publisher has no offline queue): the message
 * is then lost and the caller relies on its own fallback. An instance does not hear its own messages.
 */
export interface Broadcast<T> {
  publish(message: T): Promise<void>;
  /** Resolves once the subscription is active. */
  ready: Promise<void>;
  close(): void;
}

export function createBroadcast<T>(options: {
  url: string;
  channel: string;
  onMessage: (message: T) => void;
  log?: RedisLog | undefined;
}): Broadcast<T> {
  const instance = randomUUID();
  const log = options.log;
  const publisher = createRedisClient(options.url, { ...(log ? { log } : {}), name: options.channel });
  // The subscriber keeps its offline queue so the subscription is made (and remade) once Redis answers.
  const subscriber = new (redisClient())(options.url, { lazyConnect: false });
  let warned = false;
  subscriber.on('error', (error: unknown) => {
    if (!warned) log?.warn({ err: error, channel: options.channel }, 'redis subscription unavailable');
    warned = true;
  });
  subscriber.on('ready', () => {
    warned = false;
  });
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== options.channel) return;
    let envelope: { from: string; message: T };
    try {
      envelope = JSON.parse(text);
    } catch {
      return;
    }
    if (envelope.from !== instance) options.onMessage(envelope.message);
  });
  const ready = subscriber.subscribe(options.channel).then(() => undefined);
  ready.catch(() => {});

  return {
    ready,
    async publish(message) {
      try {
        await publisher.publish(options.channel, JSON.stringify({ from: instance, message }));
      } catch (error) {
        log?.warn({ err: error, channel: options.channel }, 'redis down: the message reached this instance only');
      }
    },
    close() {
      // disconnect, not quit: quit waits forever on a subscriber that never reached a Redis that is down.
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
