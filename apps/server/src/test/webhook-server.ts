import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call a test webhook receiver got, and the status it answered. */
export interface ReceivedCall {
  body: string;
  signature: string;
  eventId: string;
  status: number;
}

export interface TestWebhookServer {
  url: string;
  calls: ReceivedCall[];
  /** Resolves with the calls once there are at least `count`, within the timeout. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedCall[]>;
  close(): Promise<void>;
}

/**
 * A local webhook receiver (a real HTTP server on a free port, or `port`): answers the status
 * `statusOf(n)` gives for the nth call (0-based), and keeps what each call carried.
 */
export async function startWebhookServer(
  statusOf: (n: number) => number = () => 200,
  options: { port?: number } = {},
): Promise<TestWebhookServer> {
  const calls: ReceivedCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = statusOf(calls.length);
      calls.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['div-signature'] ?? ''),
        eventId: String(req.headers['div-event-id'] ?? ''),
        status,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/div`,
    calls,
    waitFor: (count, timeoutMs = 8000) => until(() => (calls.length >= count ? calls : undefined), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `read` until it gives a value, or throws after the timeout. */
export async function until<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
