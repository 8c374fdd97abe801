import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch';
import { SafeFetchError, safeFetch } from './ssrf';

/**
 * Issue 19: a keep-alive socket opened under a loose policy (a custom model on a private network)
 * was reused by a request under a strict one (the redesign fetch), skipping the guarded lookup.
 */
describe('guarded fetches never share a socket across address policies', () => {
  let server: Server;
  let port: number;
  const sockets = new Set<unknown>();

  beforeAll(async () => {
    server = createServer({ keepAlive: true }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<h1>página interna</h1>');
    });
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const outcome = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'OK';
    } catch (error) {
      return error instanceof SafeFetchError ? error.code : `other: ${(error as Error).message}`;
    }
  };

  it('a custom-model fetch allowed to reach a private host leaves no socket the redesign fetch can use', async () => {
    const internal = `http://localhost:${port}/admin`;
    const modelAnswer = await guardedFetch({ allowPrivate: true })(internal);
    expect(await modelAnswer.text()).toContain('página interna');
    // The same host under the public-only policy: the name resolves to loopback, so it is refused
    // even though a live keep-alive socket to it exists.
    expect(await outcome(safeFetch(internal))).toBe('BLOCKED');
    expect(await outcome(guardedFetch({ allowPrivate: false })(internal))).toBe('BLOCKED');
  });

  it('a loopback-allowed safeFetch leaves no socket for a public-only safeFetch of the same host', async () => {
    const page = `http://localhost:${port}/page`;
    expect((await safeFetch(page, { allowLoopback: true })).body).toContain('página interna');
    expect(await outcome(safeFetch(page))).toBe('BLOCKED');
  });

  it('still reuses sockets within one policy', async () => {
    const fetcher = guardedFetch({ allowPrivate: true });
    const before = sockets.size;
    for (let i = 0; i < 3; i++) await (await fetcher(`http://localhost:${port}/again`)).text();
    expect(sockets.size - before).toBeLessThanOrEqual(1);
  });
});
