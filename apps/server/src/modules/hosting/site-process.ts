// The app's side of the published sites' process (issue 26, ADR 0230). A new connection's first bytes
// are read before HTTP parsing starts; when they are a whole GET or HEAD for a site's Host and the
// sites' process is up, the connection is handed to it (Node's IPC socket passing) with those bytes,
// and the app never parses, routes or answers it. Everything else, and everything while the process is
// starting, restarting or gone, is the app's own as before, so the handover only ever takes work away.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { setPeerAddress } from '../../lib/client-address';
import type { Hosting } from './hosting';
import { type FromSites, type HostAnswer, PEER_HEADER, type ToSites } from './site-protocol';

/** A first request larger than this stays with the app (it is not a plain page request). */
const MAX_HEAD_BYTES = 16 * 1024;
/** How long a crashed sites' process waits before it is started again (doubling while it keeps failing, up to a minute). */
const RESTART_MS = 1000;
const MAX_RESTART_MS = 60_000;
/** How long closing waits for the sites' process to finish its requests and send its last counts. */
const CLOSE_WAIT_MS = 5000;

export interface SiteProcessOptions {
  /** The compiled site-server.mjs, or site-server.ts run with the app's own loader (tsx). */
  entry: URL;
  log: FastifyBaseLogger;
  logLevel: string;
  ttlMs: number;
  /** The forms' fill-stamp key (hex), the only key the process gets (ADR 0253). */
  stampKey?: string;
}

type Listener = (this: Server, socket: Socket) => void;

export class SiteProcess {
  private child: ChildProcess | undefined;
  private ready = false;
  private closed = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  /** Exits since it was last ready. */
  private failures = 0;
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'div-sites-'));
  private readonly appSocket = path.join(this.dir, 'app.sock');
  private readonly internal: Server;
  private listening: Promise<void> | undefined;
  private readonly peeking = new Set<Socket>();
  /** Connections handed over since the start (for tests and the benchmark). */
  handedOver = 0;
  /** Host lookups the sites' process asked of the app (each answer may carry a deployment's files). */
  lookups = 0;
  private keepAliveTimeoutMs = 72_000;

  constructor(
    private readonly hosting: Hosting,
    private readonly options: SiteProcessOptions,
  ) {
    // Requests the sites' process passes on (forms, images, other methods), for site Hosts only.
    this.internal = http.createServer((req, res) => {
      try {
        this.passed(req, res);
      } catch (error) {
        this.options.log.warn({ err: error }, 'passed site request failed');
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Petición no válida');
      }
    });
  }

  /** Reads each new connection's first bytes before the HTTP server does, to hand site ones over. */
  attach(server: Server): void {
    const own = server.listeners('connection').find((l) => l.name === 'connectionListener') as Listener | undefined;
    if (!own) return;
    this.keepAliveTimeoutMs = server.keepAliveTimeout;
    server.removeListener('connection', own);
    server.on('connection', (socket: Socket) => {
      if (!this.ready) return own.call(server, socket);
      this.peek(socket, (head) => {
        const toApp = () => {
          socket.unshift(head);
          own.call(server, socket);
          socket.resume();
        };
        // A raw-server listener never throws (issue 36 #1): what it cannot read stays the app's,
        // whose HTTP parser answers malformed bytes with a 400.
        let taken = false;
        try {
          taken = this.takes(head) && this.handOver(socket, head, server, toApp);
        } catch (error) {
          this.options.log.debug({ err: error }, 'connection not handed over');
        }
        if (!taken) toApp();
      });
    });
  }

  /** The app forgot a space's cached site (deploy, rollback, rename, domain): so does the process. */
  forget(spaceId: string): void {
    this.post({ type: 'forget', spaceId });
  }

  /** True while connections are handed over (the process is up and said it is ready). */
  get running(): boolean {
    return this.ready;
  }

  /** The process's id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** A site request was answered by the app: the sites' process is wanted (started on first use). */
  wanted(): void {
    if (!this.child && !this.closed && !this.restartTimer) void this.start();
  }

  private async start(): Promise<void> {
    this.listening ??= new Promise((resolve) => this.internal.listen(this.appSocket, resolve));
    await this.listening;
    if (this.closed || this.child) return;
    const child = fork(this.options.entry, [], {
      serialization: 'advanced',
      // The sources run through tsx (npm run dev, tests); the compiled entry with the app's own options.
      execArgv: [
        ...(this.options.entry.pathname.endsWith('.ts') ? ['--import', 'tsx'] : process.execArgv),
        // V8's memory reducer runs full collections while the process waits between a few messages
        // (a deploy's forget, say); after a few of them Node's own per-request tick objects went
        // through V8's slow path for good: a tenth of the process's CPU (ADR 0231). Its heap is a few
        // MB, its files are bounded, and a full collection still comes when the heap grows.
        '--no-memory-reducer',
      ],
      // Only what it needs: none of the app's secrets or database addresses; one derived key that
      // signs the serve time into pages with forms and does nothing else (ADR 0253).
      env: {
        PATH: process.env.PATH,
        NODE_ENV: process.env.NODE_ENV,
        ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
        DIV_SITE_APP_SOCKET: this.appSocket,
        DIV_SITE_OWN_SOCKET: path.join(this.dir, 'sites.sock'),
        DIV_SITE_TTL_MS: String(this.options.ttlMs),
        DIV_SITE_KEEP_ALIVE_MS: String(this.keepAliveTimeoutMs),
        LOG_LEVEL: this.options.logLevel,
        ...(this.options.stampKey ? { DIV_SITE_STAMP_KEY: this.options.stampKey } : {}),
      },
    });
    this.child = child;
    child.on('message', (message: FromSites) => this.received(message));
    child.on('error', (error) => this.options.log.error({ err: error }, 'sites process error'));
    child.once('exit', (code, signal) => {
      this.child = undefined;
      this.ready = false;
      if (this.closed) return;
      this.options.log.error({ code, signal }, 'sites process exited; the app serves sites until it is back');
      const delay = Math.min(RESTART_MS * 2 ** this.failures, MAX_RESTART_MS);
      this.failures += 1;
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        this.wanted();
      }, delay);
      this.restartTimer.unref();
    });
  }

  private received(message: FromSites): void {
    switch (message.type) {
      case 'ready':
        this.ready = !this.closed;
        this.failures = 0;
        return;
      case 'lookup':
        this.lookups += 1;
        this.answer(message.host, message.known).then(
          (answer) => this.post({ type: 'answer', id: message.id, answer }),
          (error) => {
            this.options.log.error({ err: error, host: message.host }, 'site lookup failed');
            this.post({ type: 'answer', id: message.id, answer: { kind: 'app' } });
          },
        );
        return;
      case 'views':
        for (const [spaceId, page, views] of message.counts) this.hosting.views.count(spaceId, page, views);
        return;
    }
  }

  private async answer(rawHost: string, known: string | undefined): Promise<HostAnswer> {
    const host = this.hosting.siteHost(rawHost);
    if (host === undefined) return { kind: 'app' };
    const found = await this.hosting.snapshotOf(host);
    if (found.kind === 'site' && found.site.deploymentId === known) return { kind: 'same', analytics: found.site.analytics };
    return found;
  }

  private post(message: ToSites): boolean {
    const child = this.child;
    if (!child?.connected) return false;
    child.send(message);
    return true;
  }

  /** A whole GET or HEAD for a published site's Host. */
  private takes(head: Buffer): boolean {
    if (head.length > MAX_HEAD_BYTES || !(head[0] === 0x47 || head[0] === 0x48)) return false; // G, H
    const text = head.toString('latin1');
    if (!(text.startsWith('GET ') || text.startsWith('HEAD ')) || !text.includes('\r\n\r\n')) return false;
    const host = /\r\nhost:[ \t]*([^\r\n]*)/i.exec(text)?.[1]?.trim();
    return host !== undefined && this.hosting.siteHost(host) !== undefined;
  }

  private handOver(socket: Socket, head: Buffer, server: Server, toApp: () => void): boolean {
    const child = this.child;
    if (!this.ready || !child?.connected) return false;
    // Nothing more is read here: what the client sends next is read by the sites' process.
    (socket as Socket & { _handle?: { readStop?: () => void } })._handle?.readStop?.();
    // The process gets its own copy of the connection; this one is closed once that copy is on its
    // way (keepOpen: Node's own tracking of sent sockets would hold the server's close for ever), and
    // the connection counts as closed here at once. Without a server, Node does not track it either.
    (socket as Socket & { server: unknown }).server = null;
    child.send({ type: 'connection', head } satisfies ToSites, socket, { keepOpen: true }, (error) => {
      if (!error) return socket.destroy();
      // The process went away meanwhile: the app answers this connection itself.
      this.handedOver -= 1;
      (socket as Socket & { server: unknown }).server = server;
      toApp();
    });
    this.handedOver += 1;
    return true;
  }

  /** Calls `then` with the connection's first bytes, the socket paused. */
  private peek(socket: Socket, then: (head: Buffer) => void): void {
    this.peeking.add(socket);
    const done = () => {
      this.peeking.delete(socket);
      socket.removeListener('data', onData);
      socket.removeListener('error', gone);
      socket.removeListener('end', gone);
      clearTimeout(timer);
    };
    const onData = (chunk: Buffer) => {
      done();
      socket.pause();
      then(chunk);
    };
    const gone = () => {
      done();
      socket.destroy();
    };
    // A connection that says nothing is closed after the server's own header timeout.
    const timer = setTimeout(gone, 60_000);
    timer.unref();
    socket.on('data', onData);
    socket.once('error', gone);
    socket.once('end', gone);
  }

  /** A request passed on by the sites' process: served as the app serves a site, for the visitor's address. */
  private passed(req: IncomingMessage, res: ServerResponse): void {
    const peer = req.headers[PEER_HEADER];
    delete req.headers[PEER_HEADER];
    if (typeof peer === 'string') setPeerAddress(req, peer);
    const host = this.hosting.siteHost(req.headers.host);
    if (host === undefined) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Misdirected Request');
      return;
    }
    void this.hosting.handle(host, req, res);
  }

  /** Stops handing over, lets the sites' process finish and send its last counts, then stops it. */
  async close(): Promise<void> {
    this.closed = true;
    this.ready = false;
    clearTimeout(this.restartTimer);
    for (const socket of this.peeking) socket.destroy();
    const child = this.child;
    if (child) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const timer = setTimeout(() => child.kill('SIGKILL'), this.post({ type: 'close' }) ? CLOSE_WAIT_MS : 0);
      await exited;
      clearTimeout(timer);
    }
    this.internal.closeAllConnections();
    await new Promise<void>((resolve) => this.internal.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
