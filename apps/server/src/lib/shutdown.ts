import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';

/**
 * Graceful shutdown (issue 9, ADR 0125). Fastify's `close()` waits for open sockets, not for
 * handlers: a handler whose client went away keeps running after its socket closed, and the
 * database closed under it answered 500s. Here every request is tracked from its first hook until
 * nothing of it can still run (its response closed, its handler settled, its onResponse hooks
 * done), and a `preClose` hook — which Fastify runs after it stops routing new requests and before
 * it stops listening and runs the `onClose` hooks that close the database and Redis — waits for
 * all of them. New requests during that time answer 503 with a message.
 */

export const SHUTDOWN_MESSAGE = 'El servidor se está reiniciando. Inténtalo de nuevo en unos segundos.';

/** The reason a generation's controller is aborted with when the server shuts down. */
export const SHUTDOWN_REASON = 'shutdown';

interface Tracked {
  /** The raw response emitted `close` (sent or cut). */
  closed: boolean;
  /** The response was written out completely (so onResponse hooks run). */
  finished: boolean;
  /** Handlers still running (a promise returned by the route's handler). */
  handlers: number;
  handlerSettled: boolean;
  /** The lifecycle reached `onSend`: whatever answer there is has been produced. */
  sent: boolean;
  /** The last onResponse hook ran. */
  responded: boolean;
  /** The safety net's timer (see ABANDON_AFTER_MS), cleared as soon as the request settles. */
  abandon?: NodeJS.Timeout;
}

const TRACKED_ROUTE = Symbol('tracked route');
/** A request whose response closed is no longer awaited after this (longer than main.ts's force timer). */
const ABANDON_AFTER_MS = 60_000;

/**
 * Registers the tracking hooks on the root instance; call before any route or plugin. Returns the
 * signal that fires when shutdown starts (generations listen to it to stop and give back messages).
 */
export function registerGracefulShutdown(app: FastifyInstance): AbortSignal {
  const shutdown = new AbortController();
  const requests = new WeakMap<FastifyRequest, Tracked>();
  const open = new Set<Tracked>();
  let waiters: (() => void)[] = [];

  const settle = (t: Tracked) => {
    if (!t.closed || t.handlers > 0) return;
    const over = t.finished ? t.responded : t.sent || t.handlerSettled;
    if (!over || !open.delete(t)) return;
    // Without this the timer would keep the request and its reply alive for a minute: under load,
    // a minute of requests (about 1 GB at 2,700 requests a second).
    if (t.abandon) clearTimeout(t.abandon);
    if (open.size === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };

  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise and
  // a microtask turn each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (shutdown.signal.aborted) {
      reply.header('connection', 'close').status(503).send({ message: SHUTDOWN_MESSAGE, code: 'UNAVAILABLE' });
      return;
    }
    const t: Tracked = { closed: false, finished: false, handlers: 0, handlerSettled: false, sent: false, responded: false };
    requests.set(request, t);
    open.add(t);
    reply.raw.once('close', () => {
      t.closed = true;
      t.finished = reply.raw.writableFinished;
      // A hijacked reply (published sites, ADR 0100) runs no onSend or onResponse hook: its close ends it.
      if (reply.sent && !t.sent) t.sent = t.responded = true;
      settle(t);
      // A safety net, so a lifecycle that never reports its end cannot hold memory or a shutdown forever.
      if (open.has(t)) {
        t.abandon = setTimeout(() => {
          if (!open.has(t)) return;
          request.log.warn('a request whose response closed did not finish within a minute: no longer awaited');
          t.handlers = 0;
          t.handlerSettled = true;
          t.responded = true;
          settle(t);
        }, ABANDON_AFTER_MS).unref();
      }
    });
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const t = requests.get(request);
    if (t) {
      t.sent = true;
      // Checked a turn later: a response cut before it was written never finishes, one still being
      // written is settled by its onResponse hooks.
      setImmediate(() => settle(t));
    }
    done(null, payload);
  });
  // Requests that matched no tracked route (404s, answers given in an onRequest hook of a 404).
  app.addHook('onResponse', (request, _reply, done) => {
    if (!(request.routeOptions.config && TRACKED_ROUTE in request.routeOptions.config)) markResponded(requests.get(request));
    done();
  });

  const markResponded = (t: Tracked | undefined) => {
    if (!t) return;
    t.responded = true;
    // The raw `close` follows `finish`; settle() waits for it.
    settle(t);
  };
  const lastOnResponse: onResponseHookHandler = (request, _reply, done) => {
    markResponded(requests.get(request));
    done();
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function tracked(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const result = handler.call(this, request, reply) as unknown;
      const t = requests.get(request);
      if (t && result && typeof (result as Promise<unknown>).then === 'function') {
        t.handlers += 1;
        const done = () => {
          t.handlers -= 1;
          t.handlerSettled = true;
          settle(t);
        };
        (result as Promise<unknown>).then(done, done);
      }
      return result as ReturnType<typeof handler>;
    };
    // Route-level hooks run after every scope's hooks: this one marks the end of the lifecycle.
    route.config = { ...(route.config ?? {}), [TRACKED_ROUTE]: true } as RouteOptions['config'];
    const own = route.onResponse ? (Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]) : [];
    route.onResponse = [...own, lastOnResponse];
  });

  app.addHook('preClose', async () => {
    shutdown.abort(SHUTDOWN_REASON);
    app.log.info({ inFlight: open.size }, 'shutting down: waiting for in-flight requests');
    while (open.size > 0) await new Promise<void>((resolve) => waiters.push(resolve));
  });
  return shutdown.signal;
}
