import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCidr, parseCidr } from './ip';
import { classifyAddress, SafeFetchError, SPECIAL_ADDRESSES, safeFetch } from './ssrf';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.5.6.7', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['224.0.0.1', 'private'],
    ['255.255.255.255', 'private'],
    ['::1', 'loopback'],
    ['::', 'private'],
    ['fe80::1', 'private'],
    ['fd00::1', 'private'],
    ['ff02::1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'private'],
    ['2001:db8::1', 'private'],
    ['2002:0a00:0001::1', 'private'],
    ['2606:4700:4700::1111', 'public'],
    ['not-an-ip', 'private'],
  ])('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });
});

// Issue 19: fec0::/10, Teredo, 100::/64 and ::ffff:0:a.b.c.d were public.
describe('the special-purpose address table', () => {
  it.each(SPECIAL_ADDRESSES.map((row) => [row.range, row.name, row] as const))('%s (%s) is refused', (_range, _name, row) => {
    const range = parseCidr(row.range);
    expect(range).not.toBeNull();
    expect(inCidr(row.example, range as NonNullable<typeof range>)).toBe(true);
    const expected = row.kind === 'embedded' ? 'private' : row.kind;
    expect(classifyAddress(row.example)).toBe(expected);
  });

  it.each([
    ['fec0::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'private'],
    ['100::1', 'private'],
    ['::ffff:0:8.8.8.8', 'private'],
    ['::ffff:0:127.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:0808:0808::1', 'public'],
    ['2002:7f00:0001::1', 'loopback'],
    ['4000::1', 'private'],
    ['2a00:1450:4001::200e', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['192.0.2.1', 'private'],
    ['1.1.1.1', 'public'],
  ])('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });
});

describe('safeFetch against a local server', () => {
  let server: Server;
  let base: string;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/page') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<h1>Hola</h1>');
      } else if (path.startsWith('/hop/')) {
        const n = Number(path.slice(5));
        res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/page' });
        res.end();
      } else if (path === '/to-private') {
        res.writeHead(301, { location: 'http://192.168.1.1/admin' });
        res.end();
      } else if (path === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      } else if (path === '/big-declared') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(3 * 1024 * 1024) });
        res.end('x'.repeat(3 * 1024 * 1024));
      } else if (path === '/big-chunked') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = 'y'.repeat(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 3 * 1024 * 1024 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      } else if (path === '/slow') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>empieza');
        // never ends
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const code = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'OK';
    } catch (error) {
      return error instanceof SafeFetchError ? error.code : `other: ${(error as Error).message}`;
    }
  };

  it('refuses loopback, private, link-local and IPv6 loopback addresses by default', async () => {
    expect(await code(safeFetch(`${base}/page`))).toBe('BLOCKED');
    expect(await code(safeFetch('http://10.0.0.1/'))).toBe('BLOCKED');
    expect(await code(safeFetch('http://169.254.169.254/latest/meta-data/'))).toBe('BLOCKED');
    expect(await code(safeFetch(`http://[::1]:${port}/page`))).toBe('BLOCKED');
    expect(await code(safeFetch('http://[::ffff:127.0.0.1]/'))).toBe('BLOCKED');
    expect(await code(safeFetch('http://0x7f000001/'))).toBe('BLOCKED');
  });

  it('refuses a hostname that resolves to loopback', async () => {
    expect(await code(safeFetch(`http://localhost:${port}/page`))).toBe('BLOCKED');
  });

  it('accepts only http and https URLs without credentials', async () => {
    expect(await code(safeFetch('ftp://example.com/file'))).toBe('BAD_URL');
    expect(await code(safeFetch('file:///etc/passwd'))).toBe('BAD_URL');
    expect(await code(safeFetch('no es una url'))).toBe('BAD_URL');
    expect(await code(safeFetch('http://user:pass@example.com/'))).toBe('BAD_URL');
  });

  it('with the explicit test option, fetches loopback pages and follows up to 3 redirects', async () => {
    const page = await safeFetch(`${base}/page`, { allowLoopback: true });
    expect(page).toMatchObject({ status: 200, body: '<h1>Hola</h1>' });
    const three = await safeFetch(`${base}/hop/3`, { allowLoopback: true });
    expect(three.body).toBe('<h1>Hola</h1>');
    expect(three.url).toBe(`${base}/page`);
    expect(await code(safeFetch(`${base}/hop/4`, { allowLoopback: true }))).toBe('TOO_MANY_REDIRECTS');
  });

  it('re-checks every redirect: a redirect to a private or link-local address is refused', async () => {
    expect(await code(safeFetch(`${base}/to-private`, { allowLoopback: true }))).toBe('BLOCKED');
    expect(await code(safeFetch(`${base}/to-metadata`, { allowLoopback: true }))).toBe('BLOCKED');
  });

  it('keeps private ranges refused even with the test option', async () => {
    expect(await code(safeFetch('http://192.168.0.10/', { allowLoopback: true }))).toBe('BLOCKED');
  });

  it('stops at 2 MB, whether declared or streamed', async () => {
    expect(await code(safeFetch(`${base}/big-declared`, { allowLoopback: true }))).toBe('TOO_LARGE');
    expect(await code(safeFetch(`${base}/big-chunked`, { allowLoopback: true }))).toBe('TOO_LARGE');
  });

  it('gives up after the time limit', async () => {
    const started = Date.now();
    expect(await code(safeFetch(`${base}/slow`, { allowLoopback: true, timeoutMs: 300 }))).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('has a 5 second default time limit', async () => {
    const started = Date.now();
    expect(await code(safeFetch(`${base}/slow`, { allowLoopback: true }))).toBe('TIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(7000);
  }, 10_000);
});
