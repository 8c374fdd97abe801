import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf } from './content';
import { generated, servedFile } from './served-file';
import type { FromSites, HostAnswer, SiteSnapshot } from './site-protocol';
import { runSiteServer, type SiteServer } from './site-server';

const KB = 1024;

/** A site of one incompressible page of `bytes` (stored without variants, as a binary file would be). */
function siteOf(spaceId: string, bytes: number): SiteSnapshot {
  const body = randomBytes(bytes);
  const page = servedFile({
    path: 'index.html',
    contentType: 'text/html; charset=utf-8',
    etag: etagOf(body),
    body,
    gzip: null,
    brotli: null,
  });
  return {
    spaceId,
    deploymentId: `d-${spaceId}`,
    analytics: false,
    files: new Map([['index.html', page]]),
    notFound: generated('404.html', 'text/html; charset=utf-8', 'no está'),
  };
}

/**
 * The sites' process's own logic, run in this process (ADR 0230): what it asks the app and when, and
 * that the files it keeps stay within their byte bound however many sites are visited.
 */
describe('the published sites process, in process', () => {
  let dir: string;
  let sites: SiteServer;
  let front: net.Server;
  let port: number;
  const asked: string[] = [];
  const answers = new Map<string, HostAnswer>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'div-sites-test-'));
    answers.set('a.sites.test', { kind: 'site', site: siteOf('a', 100 * KB) });
    answers.set('b.sites.test', { kind: 'site', site: siteOf('b', 100 * KB) });
    answers.set('c.sites.test', { kind: 'site', site: siteOf('c', 100 * KB) });
    answers.set('nadie.sites.test', { kind: 'none', page: generated('404.html', 'text/html; charset=utf-8', 'sin sitio') });
    const ready = new Promise<void>((resolve) => {
      sites = runSiteServer({
        appSocket: path.join(dir, 'app.sock'),
        ownSocket: path.join(dir, 'sites.sock'),
        ttlMs: 60_000,
        keepAliveTimeoutMs: 5000,
        logLevel: 'silent',
        maxCacheBytes: 250 * KB,
        send: (message: FromSites) => {
          if (message.type === 'ready') resolve();
          if (message.type !== 'lookup') return;
          asked.push(message.host);
          const answer = answers.get(message.host) ?? { kind: 'app' };
          const same = answer.kind === 'site' && answer.site.deploymentId === message.known;
          setImmediate(() =>
            sites.receive({
              type: 'answer',
              id: message.id,
              answer: same && answer.kind === 'site' ? { kind: 'same', analytics: false } : answer,
            }),
          );
        },
        closed: () => {},
      });
    });
    await ready;
    // Connections reach it as the app hands them over: with the first bytes the app read.
    front = net.createServer((socket) => {
      socket.once('data', (head: Buffer) => {
        socket.pause();
        sites.receive({ type: 'connection', head }, socket);
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    port = (front.address() as AddressInfo).port;
  });
  afterAll(async () => {
    sites.receive({ type: 'close' });
    await new Promise((r) => front.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (host: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/', headers: { host }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
    });

  const bodyOf = (host: string) => {
    const answer = answers.get(host);
    return answer?.kind === 'site' ? answer.site.files.get('index.html')?.identity.body : undefined;
  };

  it('asks the app once per Host and then answers from what it keeps', async () => {
    const first = await get('a.sites.test');
    expect(first.status).toBe(200);
    expect(first.body.equals(bodyOf('a.sites.test') as Buffer)).toBe(true);
    await get('a.sites.test');
    expect(asked.filter((h) => h === 'a.sites.test')).toHaveLength(1);
    expect(sites.stats()).toEqual({ hosts: 1, bytes: 100 * KB });
  });

  it('keeps its files within their bound: the least recently asked site leaves first', async () => {
    await get('b.sites.test');
    expect(sites.stats()).toEqual({ hosts: 2, bytes: 200 * KB });
    const third = await get('c.sites.test');
    expect(third.body.equals(bodyOf('c.sites.test') as Buffer)).toBe(true);
    // 300 KB would not fit in 250: a, asked first, left.
    expect(sites.stats()).toEqual({ hosts: 2, bytes: 200 * KB });
    const asks = asked.length;
    await get('c.sites.test');
    await get('b.sites.test');
    expect(asked.length).toBe(asks);
    const again = await get('a.sites.test');
    expect(again.body.equals(bodyOf('a.sites.test') as Buffer)).toBe(true);
    expect(asked.length).toBe(asks + 1);
    expect(sites.stats().bytes).toBeLessThanOrEqual(250 * KB);
  });

  it('asks again after a forget of the space, and answers no-site and foreign Hosts', async () => {
    await get('c.sites.test');
    const asks = asked.length;
    answers.set('c.sites.test', { kind: 'site', site: siteOf('c', 10 * KB) });
    sites.receive({ type: 'forget', spaceId: 'c' });
    const fresh = await get('c.sites.test');
    expect(fresh.body.equals(bodyOf('c.sites.test') as Buffer)).toBe(true);
    expect(asked.length).toBe(asks + 1);
    const none = await get('nadie.sites.test');
    expect([none.status, none.body.toString()]).toEqual([404, 'sin sitio']);
    expect((await get('app.test')).status).toBe(421);
  });
});
