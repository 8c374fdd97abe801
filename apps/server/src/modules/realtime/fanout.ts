import type { RealtimeEvent } from '@div/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { createBroadcast } from '../../providers/redis/broadcast';

/**
 * What one instance tells the others about a space's document (ADR 0213): Redis pub/sub when
 * REDIS_URL is set, nothing otherwise (one instance holds every document). Lost messages cost
 * only time: every instance catches up from the database log on its next sync.
 */
export type FanoutMessage =
  /** A Yjs update of the document (base64). */
  | { kind: 'update'; spaceId: string; data: string }
  /** An awareness update (presence and cursors; base64). */
  | { kind: 'awareness'; spaceId: string; data: string }
  /** An event for every browser in the space. */
  | { kind: 'event'; spaceId: string; event: RealtimeEvent }
  /** The files changed outside the document: instances holding it sync now. */
  | { kind: 'files'; spaceId: string }
  /** Someone's access to the space changed: instances check their connections again. */
  | { kind: 'access'; spaceId: string };

export interface Fanout {
  publish(message: FanoutMessage): void;
  ready: Promise<void>;
  close(): void;
}

export function createFanout(options: {
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  onMessage: (message: FanoutMessage) => void;
}): Fanout {
  if (!options.redisUrl) return { publish() {}, ready: Promise.resolve(), close() {} };
  const broadcast = createBroadcast<FanoutMessage>({
    url: options.redisUrl,
    channel: 'div:realtime',
    onMessage: options.onMessage,
    log: options.log,
  });
  return {
    publish: (message) => void broadcast.publish(message),
    ready: broadcast.ready,
    close: () => broadcast.close(),
  };
}
