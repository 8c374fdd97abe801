import type { Redis, RedisOptions } from 'ioredis';
import { loadOnUse } from '../../lib/load-on-use';

/**
 * The app's Redis connections (issue 9). Short timeouts and no offline queue: when Redis is down a
 * command fails at once instead of waiting, so callers can fall back to in-process state and nothing
 * hangs. Modules that need Redis call `createRedisClient`; `pingRedis` answers readiness checks.
 */

export interface RedisLog {
  warn: (o: object, m: string) => void;
}

const ioredis = loadOnUse<typeof import('ioredis')>('ioredis');

/** ioredis's client class, loaded when a Redis is first opened (a run without REDIS_URL never loads it). */
export function redisClient(): typeof Redis {
  return ioredis().Redis;
}

export const REDIS_CONNECT_TIMEOUT_MS = 1000;
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * Opens a client with the app's short timeouts. The command timeout is not ioredis's own: that one
 * is a plain timer, and when the event loop is held (a burst of requests on busy cores) the timer
 * phase runs before the socket is read, so a reply that arrived in a millisecond is dropped as
 * "timed out" and callers fall back to in-process state for no reason. Here an expired timer gives
 * the loop one more turn (`setImmediate` runs after the poll phase, which reads what is waiting on
 * the socket) before it fails the command: a Redis that really did not answer still fails after
 * about `commandTimeoutMs`; a reply already received is never thrown away.
 */
export function openRedis(url: string, extra: RedisOptions = {}, commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS): Redis {
  const client = new (redisClient())(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  });
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, ...rest) => {
    const result = send(command, ...rest);
    if (!command.isSettled) {
      const timer = setTimeout(() => {
        setImmediate(() => {
          if (!command.isSettled) command.reject(new Error('Command timed out'));
        });
      }, commandTimeoutMs);
      const clear = () => clearTimeout(timer);
      command.promise.then(clear, clear);
    }
    return result;
  };
  return client;
}

export function createRedisClient(url: string, options: { log?: RedisLog; name?: string } = {}): Redis {
  const client = openRedis(url, { lazyConnect: false });
  let warned = false;
  client.on('error', (error) => {
    // One warning per outage, not one per reconnect attempt.
    if (warned) return;
    warned = true;
    options.log?.warn({ err: error, redis: options.name ?? 'app' }, 'redis unavailable: falling back to in-process state');
  });
  client.on('ready', () => {
    warned = false;
  });
  return client;
}

/** Resolves when Redis answers PING within `timeoutMs`; rejects otherwise. */
export async function pingRedis(client: Redis, timeoutMs = REDIS_COMMAND_TIMEOUT_MS): Promise<void> {
  if (client.status !== 'ready') throw new Error(`redis is ${client.status}`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('redis ping timed out')), timeoutMs);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
