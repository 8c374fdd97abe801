import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, killHard, type ServerProcess, startServer } from './server-process';

/**
 * The raw server's own listeners (issue 36 #1): `upgrade` (realtime), `connection` (the hand-over to
 * the sites' process), the front door (site Hosts before Fastify) and the sites' process itself see
 * bytes before any route validates them. Malformed upgrade requests, request lines and Host headers,
 * written over raw sockets to the server as production runs it (main.ts, with its sites' process),
 * get a 4xx and a closed socket, never a crash: the process answers health after every batch.
 */

const APP = 'app.test';
const SITES = 'sites.test';

interface RawAnswer {
  /** The status of the first response, 0 when the server closed without one. */
  status: number;
  /** Whether the server closed the connection (within the wait). */
  closed: boolean;
}

/** Writes `bytes` on a new connection and reads until the server closes it (or `waitMs` passes). */
function raw(port: number, bytes: string | Buffer, waitMs = 3000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      socket.write(bytes);
    });
  });
}

const upgrade = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: ${APP}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

/** The two requests of the report and their kin: each once killed the process from the upgrade listener. */
const MALFORMED_UPGRADES = [
  upgrade('/api/realtime/%E0%A4%A'),
  upgrade('//'),
  upgrade('///'),
  upgrade('//['),
  upgrade('/api/realtime/%'),
  upgrade('/api/realtime/%ZZ'),
  upgrade('/api/realtime/%ED%A0%80'),
  upgrade('http://['),
  upgrade('/api/realtime/x', 'Origin: http://[\r\n'),
  upgrade('/api/realtime/x', 'Origin: %E0\r\nSec-WebSocket-Protocol: div-realtime, %E0%A4%A\r\n'),
  upgrade(`/api/realtime/${'%E0'.repeat(2000)}`),
  `GET //x HTTP/1.1\r\nHost: a.${SITES}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
];

/** Request lines and Host headers no browser sends (a site Host that names no site is a 404). */
const MALFORMED_REQUESTS = [
  'GARBAGE\r\n\r\n',
  'GET\r\n\r\n',
  'GET %E0%A4%A HTTP/1.1\r\nHost: app.test\r\n\r\n',
  'GET / HTTP/9.9\r\nHost: app.test\r\n\r\n',
  `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: app.test\r\n\r\n`,
  'GET / HTTP/1.1\r\nHost: [::1\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: %E0%A4%A\r\n\r\n',
  `GET / HTTP/1.1\r\nHost: a.${SITES}\r\nHost: b.${SITES}\r\n\r\n`,
  `GET // HTTP/1.1\r\nHost: a.${SITES}\r\n\r\n`,
  `GET /%E0%A4%A HTTP/1.1\r\nHost: a.${SITES}\r\n\r\n`,
  `GET /_div/%E0%A4%A HTTP/1.1\r\nHost: a.${SITES}\r\n\r\n`,
  `GET //_div/ HTTP/1.1\r\nHost: a.${SITES}\r\n\r\n`,
  `POST // HTTP/1.1\r\nHost: a.${SITES}\r\nContent-Length: 0\r\n\r\n`,
  `POST /_div/forms/%E0 HTTP/1.1\r\nHost: a.${SITES}\r\nContent-Length: 0\r\n\r\n`,
  `GET / HTTP/1.1\r\nHost: A.${SITES.toUpperCase()}.:99999\r\n\r\n`,
  `GET / HTTP/1.1\r\nHost: .${SITES}\r\n\r\n`,
  `GET / HTTP/1.1\r\nHost: ${'a'.repeat(300)}.${SITES}\r\n\r\n`,
  `GET http://[/ HTTP/1.1\r\nHost: a.${SITES}\r\n\r\n`,
  'GET / HTTP/1.1\r\nHost: \r\n\r\n',
  `HEAD * HTTP/1.1\r\nHost: a.${SITES}\r\n\r\n`,
  '\x00\x01\x02\x03\r\n\r\n',
];

describe('the raw server listeners under malformed input (issue 36 #1)', () => {
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: `http://${APP}`, SITES_DOMAIN: SITES, ALLOW_LOCAL_PROVIDERS: 'true' });
    port = Number(new URL(server.url).port);
    // The first site request starts the sites' process; from then on site connections are handed over.
    await raw(port, `GET / HTTP/1.1\r\nHost: warm.${SITES}\r\nConnection: close\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }, 120_000);
  afterAll(async () => {
    if (server) await killHard(server.child);
  });

  const alive = async () => {
    expect(server.child.exitCode, server.output()).toBeNull();
    expect((await call(server.url, '/api/health', { timeoutMs: 5000 })).status).toBe(200);
  };

  it('answers the reported upgrade requests with a 4xx and closes, and stays up', async () => {
    const wrong: string[] = [];
    for (const bytes of MALFORMED_UPGRADES) {
      const answer = await raw(port, bytes);
      if (!answer.closed || !(answer.status >= 400 && answer.status < 500))
        wrong.push(`${JSON.stringify(bytes.slice(0, 60))}: ${answer.status} closed=${answer.closed}`);
      await alive();
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('answers malformed request lines and Host headers with a 4xx, for the app and for site Hosts', async () => {
    const wrong: string[] = [];
    for (const bytes of MALFORMED_REQUESTS) {
      const answer = await raw(port, bytes, 1500);
      if (answer.status < 400 || answer.status >= 500) wrong.push(`${answer.status} ${JSON.stringify(bytes.slice(0, 60))}`);
    }
    expect(wrong).toEqual([]);
    await alive();
  }, 60_000);

  it('survives generated garbage in the path, the Host and the upgrade headers', async () => {
    const piece = fc.oneof(
      fc.constantFrom('%', '%E0', '%A4%A', '//', '[', ']', ':', '.', '..', '@', '#', '?', '%00', '\t', ' '),
      fc.string({ maxLength: 8 }),
    );
    const garbage = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('').replace(/[\r\n]/g, ''));
    const hosts = fc.oneof(
      garbage,
      garbage.map((g) => `${g}.${SITES}`),
      garbage.map((g) => `a.${SITES}:${g}`),
      fc.constant(APP),
    );
    const requests = fc
      .record({ path: garbage, host: hosts, upgrade: fc.boolean(), method: fc.constantFrom('GET', 'HEAD', 'POST', 'BREW') })
      .map(
        ({ path, host, upgrade: up, method }) =>
          `${method} /${path.replace(/ /g, '')} HTTP/1.1\r\nHost: ${host}\r\n` +
          (up
            ? 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n'
            : 'Connection: close\r\n') +
          (method === 'POST' ? 'Content-Length: 0\r\n' : '') +
          '\r\n',
      );
    const samples = fc.sample(requests, { numRuns: 150, seed: 36 });
    for (let i = 0; i < samples.length; i += 10) {
      const answers = await Promise.all(samples.slice(i, i + 10).map((bytes) => raw(port, Buffer.from(bytes, 'utf8'))));
      for (const [k, answer] of answers.entries()) {
        const bytes = samples[i + k] ?? '';
        // Whatever it was, the server answered it and did not fail: a 2xx or 3xx for what is
        // well formed after all (the app's page), a 4xx for the rest, never a 5xx or silence.
        expect(answer.status, JSON.stringify(bytes)).toBeGreaterThanOrEqual(200);
        expect(answer.status, JSON.stringify(bytes)).toBeLessThan(500);
      }
      await alive();
    }
  }, 90_000);
});
