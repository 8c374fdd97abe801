import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGracefulShutdown } from './shutdown';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe('request tracking for graceful shutdown', () => {
  it('keeps nothing of a finished request alive (memory under load)', async () => {
    const app = Fastify({ logger: false, forceCloseConnections: true });
    registerGracefulShutdown(app);
    // An async onResponse hook, as the app's metrics and /v1 usage have: the raw `close` comes first.
    app.addHook('onResponse', async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    const seen: WeakRef<FastifyRequest>[] = [];
    app.get('/ok', async (request) => {
      seen.push(new WeakRef(request));
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      for (let round = 0; round < 10; round += 1) {
        await Promise.all(Array.from({ length: 20 }, async () => (await fetch(`http://127.0.0.1:${port}/ok`)).json()));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc();
      // 200 finished requests: nearly all collected (a pending per-request timer would keep every one).
      expect(seen).toHaveLength(200);
      expect(seen.filter((ref) => ref.deref() !== undefined).length).toBeLessThan(20);
    } finally {
      const closing = app.close();
      // The drain finds nothing in flight: close is immediate.
      const outcome = await Promise.race([
        closing.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('hung'), 2000)),
      ]);
      expect(outcome).toBe('closed');
    }
  });
});
