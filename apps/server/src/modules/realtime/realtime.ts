import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE, REALTIME_PATH, REALTIME_PROTOCOL, type RealtimeEvent } from '@div/shared/realtime';
import { SPACE_MAX_BYTES } from '@div/shared/spaces';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { applyAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { AppContext } from '../../context';
import { refuseSocket } from '../../lib/raw-socket';
import { findSpaceAccess } from '../../lib/space-access';
import { findSessionUser } from '../auth/sessions';
import { Connection, RefusedFrame } from './connection';
import { createFanout, type FanoutMessage } from './fanout';
import { LiveDoc, REMOTE } from './live-doc';

/**
 * Editing a space together (issue 25, ADR 0213): the WebSocket endpoint and the documents open on
 * this instance. Routes that change a space's files outside the document call `filesChanged`, so
 * every instance holding it takes the change in and every browser hears why.
 */
export interface Realtime {
  /** The files changed outside the document; `event` tells the browsers why (and who). */
  filesChanged(spaceId: string, event?: RealtimeEvent): void;
  /** Tells every browser in the space, on every instance. */
  announce(spaceId: string, event: RealtimeEvent): void;
  /** Someone's role changed or they left: their connections are checked again. */
  accessChanged(spaceId: string): void;
  /** Open documents, connections and presence entries held on this instance (metrics, bench, tests). */
  stats(): { documents: number; connections: number; presence: number };
}

/** A document nobody on this instance has open is saved and dropped after this long. */
const IDLE_MS = 30_000;
/** Longer than any space id: refused before any lookup. */
const MAX_SPACE_ID = 100;
/** Browsers answer a ping within this long or are dropped (a vanished network leaves no close). */
const PING_MS = 30_000;

const byApp = new WeakMap<FastifyInstance, Realtime>();

/** The realtime side of a built app (tests and benchmarks read its stats). */
export function realtimeOfApp(app: FastifyInstance): Realtime | undefined {
  return byApp.get(app);
}

export function registerRealtime(app: FastifyInstance, ctx: AppContext): Realtime {
  const log = ctx.log.child({ module: 'realtime' });
  const opening = new Map<string, Promise<LiveDoc>>();
  const open = new Map<string, LiveDoc>();
  const idle = new Map<string, NodeJS.Timeout>();
  const sockets = new Set<WebSocket>();
  let closing = false;

  const fanout = createFanout({ redisUrl: ctx.config.REDIS_URL, log, onMessage: fromOthers });
  function fromOthers(message: FanoutMessage) {
    const live = open.get(message.spaceId);
    if (!live) return;
    if (message.kind === 'update') Y.applyUpdate(live.doc, Buffer.from(message.data, 'base64'), REMOTE);
    else if (message.kind === 'awareness') applyAwarenessUpdate(live.awareness, Buffer.from(message.data, 'base64'), REMOTE);
    else if (message.kind === 'event') live.tell(message.event);
    else if (message.kind === 'files') void live.save();
    else if (message.kind === 'access') void recheck(live);
  }

  const onError = (error: unknown) => log.warn({ err: error }, 'realtime document sync failed');

  async function openDoc(spaceId: string): Promise<LiveDoc> {
    clearTimeout(idle.get(spaceId));
    idle.delete(spaceId);
    let loading = opening.get(spaceId);
    if (!loading) {
      loading = (async () => {
        const live = new LiveDoc(spaceId, ctx.db, fanout, onError);
        const first = await live.save();
        if (first?.kind !== 'synced') {
          live.destroy();
          throw new Error(first ? 'space gone' : 'document could not be loaded');
        }
        open.set(spaceId, live);
        return live;
      })();
      opening.set(spaceId, loading);
      loading.catch(() => opening.delete(spaceId));
    }
    return loading;
  }

  function release(live: LiveDoc) {
    if (live.peers.size > 0 || closing) return;
    clearTimeout(idle.get(live.spaceId));
    const timer = setTimeout(async () => {
      idle.delete(live.spaceId);
      await live.save();
      if (live.peers.size > 0 || live.hasPending()) return release(live);
      open.delete(live.spaceId);
      opening.delete(live.spaceId);
      live.destroy();
    }, IDLE_MS);
    timer.unref();
    idle.set(live.spaceId, timer);
  }

  const wss = new WebSocketServer({
    noServer: true,
    // A browser's offline edits arrive in one frame: as large as a space may be, twice over.
    maxPayload: SPACE_MAX_BYTES * 2,
    handleProtocols: (protocols) => (protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false),
  });

  // A raw-server listener: nothing it reads may throw (an exception here would end the process), so
  // every malformed path, header or socket error is a 4xx and a closed socket (issue 36 #1).
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      upgrade(request, socket, head);
    } catch (error) {
      log.debug({ err: error }, 'malformed upgrade request');
      refuseSocket(socket, 400, 'Bad Request');
    }
  });

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const spaceId = realtimeSpaceOf(request.url);
    if (spaceId === undefined) return refuseSocket(socket, 404, 'Not Found');
    if (closing) return refuseSocket(socket, 503, 'Service Unavailable');
    if (!sameOrigin(request)) return refuseSocket(socket, 403, 'Forbidden');
    if (spaceId.length > MAX_SPACE_ID) return refuseSocket(socket, 404, 'Not Found');
    const offered = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    const token = offered[0] === REALTIME_PROTOCOL ? offered[1] : undefined;
    void (async () => {
      const user = token && spaceId ? await findSessionUser(ctx, token) : undefined;
      const access = user ? await findSpaceAccess(ctx.db, user.id, spaceId) : undefined;
      const live = access ? await openDoc(spaceId) : undefined;
      if (socket.destroyed) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (!user) return ws.close(CLOSE.unauthorized, 'unauthorized');
        if (!access || !live) return ws.close(CLOSE.forbidden, 'forbidden');
        attach(
          ws,
          live,
          new Connection(ws, { id: user.id, name: user.name, picture: user.picture }, access.role !== 'viewer'),
          access.role,
        );
      });
    })().catch((error: unknown) => {
      log.warn({ err: error }, 'realtime connection refused');
      refuseSocket(socket, 503, 'Service Unavailable');
    });
  }

  function attach(ws: WebSocket, live: LiveDoc, peer: Connection, role: string) {
    sockets.add(ws);
    live.peers.add(peer);
    let alive = true;
    ws.on('pong', () => {
      alive = true;
    });
    const ping = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, PING_MS);
    ws.on('message', (data, isBinary) => {
      try {
        peer.receive(live, data as Buffer, isBinary);
      } catch (error) {
        if (error instanceof RefusedFrame) return ws.close(error.code, error.message);
        log.debug({ err: error }, 'malformed realtime frame');
        ws.close(1003, 'malformed');
      }
    });
    ws.on('close', () => {
      clearInterval(ping);
      sockets.delete(ws);
      live.leave(peer);
      release(live);
    });
    peer.send(JSON.stringify({ type: 'welcome', role, userId: peer.person.id }));
    live.greet(peer);
  }

  /** Another site may not open a socket with a visitor's browser (the token is not a cookie, but still). */
  function sameOrigin(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin) return true; // not a browser
    try {
      const host = new URL(origin).host;
      if (host === request.headers.host) return true;
      return ctx.config.PUBLIC_URL !== undefined && new URL(ctx.config.PUBLIC_URL).host === host;
    } catch {
      return false;
    }
  }

  app.addHook('preClose', async () => {
    closing = true;
    for (const timer of idle.values()) clearTimeout(timer);
    await Promise.allSettled([...open.values()].map((live) => live.save()));
    for (const ws of sockets) ws.close(CLOSE.restarting, 'restarting');
    for (const live of open.values()) live.destroy();
    open.clear();
    fanout.close();
    wss.close();
  });

  const realtime: Realtime = {
    filesChanged(spaceId, event) {
      const live = open.get(spaceId);
      if (live) void live.save();
      fanout.publish({ kind: 'files', spaceId });
      if (event) this.announce(spaceId, event);
    },
    announce(spaceId, event) {
      open.get(spaceId)?.tell(event);
      fanout.publish({ kind: 'event', spaceId, event });
    },
    accessChanged(spaceId) {
      const live = open.get(spaceId);
      if (live) void recheck(live);
      fanout.publish({ kind: 'access', spaceId });
    },
    stats: () => ({
      documents: open.size,
      connections: sockets.size,
      presence: [...open.values()].reduce((sum, live) => sum + live.presenceEntries(), 0),
    }),
  };
  byApp.set(app, realtime);
  return realtime;

  /** Closes the connections whose person lost access (4403) or whose role changed (4409: they come back with it). */
  async function recheck(live: LiveDoc) {
    for (const peer of [...live.peers]) {
      if (!(peer instanceof Connection)) continue;
      try {
        const access = await findSpaceAccess(ctx.db, peer.person.id, live.spaceId);
        if (!access) peer.close(CLOSE.forbidden, 'forbidden');
        else if ((access.role !== 'viewer') !== peer.canEdit) peer.close(CLOSE.roleChanged, 'role changed');
      } catch (error) {
        onError(error);
      }
    }
  }
}

/**
 * The space a realtime upgrade names (undefined: not a realtime path). Read from the raw request
 * line without `new URL` (`//` is no URL); a malformed escape throws, which the listener answers 400.
 */
export function realtimeSpaceOf(url: string | undefined): string | undefined {
  const path = (url ?? '/').split('?', 1)[0] ?? '/';
  if (!path.startsWith(REALTIME_PATH)) return undefined;
  return decodeURIComponent(path.slice(REALTIME_PATH.length));
}
