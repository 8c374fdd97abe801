import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnRedis, type SilentRedis, startOwnRedis, startSilentRedis } from '../../resilience/services';
import { openRedis } from './client';

/** Holds the event loop, as a burst of requests on busy cores does. */
function holdEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

/**
 * The command timeout of the app's Redis clients: a reply that reached the socket while the event
 * loop was held is delivered, not dropped as "timed out" (which sent the developer API's limits to
 * their per-instance fallback in CI); a Redis that does not answer still fails in about a second.
 */
describe('Redis command timeout', () => {
  let ownRedis: OwnRedis | undefined;
  let url: string;
  let silent: SilentRedis;
  const clients: Redis[] = [];
  beforeAll(async () => {
    url = process.env.TEST_REDIS_URL ?? '';
    if (!url) {
      ownRedis = await startOwnRedis();
      url = ownRedis.url;
    }
    silent = await startSilentRedis();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await silent.stop();
    await ownRedis?.stop();
  });

  async function ready(target: string, commandTimeoutMs: number): Promise<Redis> {
    const client = openRedis(target, {}, commandTimeoutMs);
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('ready', resolve);
      client.once('error', reject);
    });
    return client;
  }

  it('delivers a reply that arrived while the event loop was held past the timeout', async () => {
    const client = await ready(url, 300);
    const key = `div:test:lag:${process.pid}:${Date.now()}`;
    const pending = Promise.all([client.incr(key), client.incr(key), client.pexpire(key, 5000)]);
    holdEventLoop(900);
    await expect(pending).resolves.toEqual([1, 2, 1]);
  });

  it('still fails a command that gets no answer, after about the timeout', async () => {
    const client = await ready(silent.url, 300);
    const started = Date.now();
    await expect(client.get('anything')).rejects.toThrow('Command timed out');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(3000);
  });
});
