// The published sites' own process (issue 26, ADR 0230). The app hands it the connections whose first
// request is a GET or HEAD for a site's Host; it answers them from the live deployments' prepared files
// (asked of the app by IPC and kept), counts page views and sends them to the app in batches, and
// passes anything else (forms, images, other methods) to the app over a private Unix socket. It holds
// no database, no secret and no app state: a process that only writes bytes it was given.
import { rmSync } from 'node:fs';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import pino from 'pino';
import { refuseSocket } from '../../lib/raw-socket';
import { signFillStamp } from '../forms/fill-stamp';
import { SiteAccessLog } from './access-log';
import { normalHost } from './hosts';
import { lookupFile, writeServedFile } from './served-file';
import {
  APP_ANSWERED_PREFIX,
  type FromSites,
  type HostAnswer,
  MAX_CACHE_BYTES,
  PEER_HEADER,
  type ToSites,
} from './site-protocol';

/** How often counted page views go to the app (which writes them with its own batches). */
const VIEWS_BATCH_MS = 250;
/** Hosts kept here, at most (as in the app's own site cache); the least recently asked leave first. */
const MAX_HOSTS = 10_000;
/** Request and response headers that belong to one hop and are not passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

interface Cached {
  answer: HostAnswer;
  checkedAt: number;
  bytes: number;
}

/** The bytes a cached answer holds (every variant of every file). */
function bytesOf(answer: HostAnswer): number {
  if (answer.kind !== 'site') return 0;
  let bytes = 0;
  for (const file of answer.site.files.values())
    bytes += file.identity.body.length + (file.gzip?.body.length ?? 0) + (file.br?.body.length ?? 0);
  return bytes;
}

export interface SiteServerOptions {
  /** The app's private socket for the requests this process passes on. */
  appSocket: string;
  /**
   * Where this process's own server listens, in the same private folder: nobody connects there (the
   * connections come from the app), but a listening server keeps Node's header and idle timeouts.
   */
  ownSocket: string;
  /** How long an answer is trusted before asking the app again (SITE_CACHE_TTL_MS). */
  ttlMs: number;
  keepAliveTimeoutMs: number;
  logLevel: string;
  /** The forms' fill-stamp key, hex (ADR 0253): the one key this process holds, good for nothing else. */
  stampKey?: string | undefined;
  /** Bound on the files kept (256 MB unless a test says otherwise). */
  maxCacheBytes?: number;
  send: (message: FromSites, sent?: () => void) => void;
  /** Called once the process closed (its last counts sent): it may exit. */
  closed: () => void;
}

export interface SiteServer {
  receive: (message: ToSites, socket?: Socket) => void;
  /** What the cache holds: hosts and bytes. */
  stats: () => { hosts: number; bytes: number };
}

export function runSiteServer(options: SiteServerOptions): SiteServer {
  const log = pino({ level: options.logLevel, base: { process: 'sites' } });
  const access = new SiteAccessLog(log);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const cache = new Map<string, Cached>();
  const loading = new Map<string, Promise<HostAnswer>>();
  const waiting = new Map<number, (answer: HostAnswer) => void>();
  let nextId = 1;
  /** Bumped by every forget: an answer asked for before one is not kept. */
  let generation = 0;
  let closing = false;
  let views = new Map<string, number>();
  let cachedBytes = 0;
  const maxCacheBytes = options.maxCacheBytes ?? MAX_CACHE_BYTES;
  const stampKey = options.stampKey ? Buffer.from(options.stampKey, 'hex') : undefined;
  const stamp = stampKey ? () => signFillStamp(stampKey) : undefined;

  const server = http.createServer((req, res) => {
    // Never throws (issue 36 #1): what cannot be read is a 400 and the connection closes.
    try {
      handle(req, res);
    } catch (error) {
      log.debug({ err: error }, 'malformed site request');
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end('Petición no válida');
    }
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  // Published sites take no WebSockets: an upgrade is refused and its connection closed, never kept
  // open as a plain request would be (issue 36 #1).
  server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => refuseSocket(socket, 404, 'Not Found'));
  // A process before this one (killed) may have left its socket file behind.
  rmSync(options.ownSocket, { force: true });
  server.listen(options.ownSocket, () => options.send({ type: 'ready' }));
  const batches = setInterval(sendViews, VIEWS_BATCH_MS);

  function sendViews(sent?: () => void): void {
    if (views.size === 0) {
      sent?.();
      return;
    }
    const counts: [string, string, number][] = [];
    for (const [key, n] of views) {
      const cut = key.indexOf('\n');
      counts.push([key.slice(0, cut), key.slice(cut + 1), n]);
    }
    views = new Map();
    options.send({ type: 'views', counts }, sent);
  }

  function countView(spaceId: string, page: string): void {
    const key = `${spaceId}\n${page}`;
    views.set(key, (views.get(key) ?? 0) + 1);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    if (closing) res.shouldKeepAlive = false;
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || url.startsWith(APP_ANSWERED_PREFIX)) {
      pass(req, res);
      return;
    }
    // One key per site however the Host is spelt (port, trailing dot, case: issue 36 #8).
    const host = normalHost(req.headers.host) ?? '';
    const cached = cache.get(host);
    if (cached && Date.now() - cached.checkedAt <= options.ttlMs) {
      answer(host, cached.answer, req, res);
      return;
    }
    // Past its time a live site is served while it is asked for again; anything else waits.
    const asked = lookup(host, cached?.answer);
    if (cached?.answer.kind === 'site') {
      void asked.catch(() => {});
      answer(host, cached.answer, req, res);
      return;
    }
    asked.then(
      (fresh) => answer(host, fresh, req, res),
      (error) => fail(host, res, error),
    );
  }

  function answer(host: string, found: HostAnswer, req: IncomingMessage, res: ServerResponse): void {
    if (found.kind === 'app' || found.kind === 'same') {
      // A connection opened for a site asking for something else (browsers never do): not here.
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end('Misdirected Request');
      return;
    }
    if (found.kind === 'none') {
      access.record(host, writeServedFile(req, res, 404, found.page));
      return;
    }
    const { site } = found;
    const file = lookupFile(site.files, req.url ?? '/');
    if (!file) {
      access.record(host, writeServedFile(req, res, 404, site.notFound, stamp));
      return;
    }
    const written = writeServedFile(req, res, 200, file, stamp);
    access.record(host, written);
    // A 304 answers a page the client already holds: a view all the same (as in the app).
    if (req.method === 'GET' && (written === 200 || written === 304) && file.page !== undefined && site.analytics)
      countView(site.spaceId, file.page);
  }

  function lookup(host: string, previous: HostAnswer | undefined): Promise<HostAnswer> {
    let pending = loading.get(host);
    if (pending) return pending;
    const started = generation;
    const known = previous?.kind === 'site' ? previous.site.deploymentId : undefined;
    const id = nextId++;
    pending = new Promise<HostAnswer>((resolve) => {
      waiting.set(id, resolve);
      options.send({ type: 'lookup', id, host, known });
    }).then((reply) => {
      loading.delete(host);
      const found =
        reply.kind === 'same' && previous?.kind === 'site'
          ? { kind: 'site' as const, site: { ...previous.site, analytics: reply.analytics } }
          : reply;
      if (started === generation) keep(host, found);
      return found;
    });
    loading.set(host, pending);
    return pending;
  }

  /** Keeps an answer (most recently asked last) within the byte and host bounds. */
  function keep(host: string, answer: HostAnswer): void {
    forgetHost(host);
    const bytes = bytesOf(answer);
    cache.set(host, { answer, checkedAt: Date.now(), bytes });
    cachedBytes += bytes;
    for (const oldest of cache.keys()) {
      if ((cachedBytes <= maxCacheBytes && cache.size <= MAX_HOSTS) || oldest === host) break;
      forgetHost(oldest);
    }
  }

  function forgetHost(host: string): void {
    const cached = cache.get(host);
    if (!cached) return;
    cachedBytes -= cached.bytes;
    cache.delete(host);
  }

  function fail(host: string, res: ServerResponse, error: unknown): void {
    log.error({ err: error, host }, 'site serving failed');
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Error interno del servidor');
    access.record(host, 500);
  }

  /** Passes a request to the app over its private socket, naming the visitor's address. */
  function pass(req: IncomingMessage, res: ServerResponse): void {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
    const upstream = http.request(
      { socketPath: options.appSocket, method: req.method, path: req.url, headers, agent },
      (reply) => {
        const out: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(reply.statusCode ?? 502, out);
        reply.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else fail(req.headers.host ?? '', res, error);
    });
    req.pipe(upstream);
  }

  function receive(message: ToSites, socket?: Socket): void {
    switch (message.type) {
      case 'connection':
        if (!socket) return;
        if (closing) {
          socket.destroy();
          return;
        }
        // The bytes the app read before handing the connection over come first.
        socket.unshift(Buffer.from(message.head));
        server.emit('connection', socket);
        socket.resume();
        return;
      case 'answer': {
        const resolve = waiting.get(message.id);
        waiting.delete(message.id);
        resolve?.(message.answer);
        return;
      }
      case 'forget':
        generation += 1;
        loading.clear();
        for (const [host, cached] of cache) {
          if (cached.answer.kind !== 'site' || cached.answer.site.spaceId === message.spaceId) forgetHost(host);
        }
        return;
      case 'close':
        void close();
        return;
    }
  }

  async function close(): Promise<void> {
    if (closing) return;
    closing = true;
    // Requests under way finish (their connections close after them); idle ones close now.
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await done;
    clearInterval(batches);
    access.close();
    agent.destroy();
    sendViews(options.closed);
  }

  return { receive, stats: () => ({ hosts: cache.size, bytes: cachedBytes }) };
}
