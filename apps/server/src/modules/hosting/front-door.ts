// The published sites' front door (issue 26, ADR 0221): the HTTP server's request listener answers a
// site's Host before Fastify sees the request; the hosting of each app instance is found from here.

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { SHUTDOWN_MESSAGE } from '../../lib/shutdown';
import { fillStampKeyOf } from '../forms/fill-stamp';
import { Hosting } from './hosting';
import { normalHost } from './hosts';
import { SiteProcess } from './site-process';

const registry = new WeakMap<AppContext, Hosting>();

const byApp = new WeakMap<FastifyInstance, Hosting>();

/** The hosting of this app instance (for the publishing and domains modules). */
export function hostingOf(ctx: AppContext): Hosting | undefined {
  return registry.get(ctx);
}

/** The hosting of a built app (for tests and benchmarks that look at its cache). */
export function hostingOfApp(app: FastifyInstance): Hosting | undefined {
  return byApp.get(app);
}

/**
 * Serves published sites by Host before anything of the app runs (issue 26, ADR 0221): the HTTP
 * server's request listener looks at the Host first and answers a site itself, so Fastify never
 * routes, logs, ids or tracks site traffic. Requests that do not pass through the server
 * (`app.inject` in tests) are answered by the first onRequest hook the same way (hijacked), so no
 * app header, cookie or route ever applies to a site either way.
 */
export function registerHosting(app: FastifyInstance, ctx: AppContext): Hosting {
  const hosting = new Hosting(ctx);
  registry.set(ctx, hosting);
  byApp.set(app, hosting);
  app.addHook('onReady', () => hosting.start());
  // After Fastify stops taking requests and before the database closes: the sites' process finishes
  // and sends its last counts, then site reads under way finish.
  app.addHook('preClose', async () => {
    await hosting.sites?.close();
    await hosting.drained();
  });
  app.addHook('onClose', () => hosting.close());
  app.addHook('onRequest', (request, reply, done) => {
    const host = hosting.siteHost(request.headers.host);
    if (host === undefined) return done();
    reply.hijack();
    void hosting.handle(host, request.raw, reply.raw);
  });
  frontDoor(app.server, hosting, ctx.shutdown);
  return hosting;
}

/** Puts the site check in front of the server's one request listener (Fastify's). */
function frontDoor(server: Server, hosting: Hosting, shutdown: AbortSignal | undefined): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const [app] = listeners;
  if (!app || listeners.length !== 1) return;
  server.removeListener('request', app);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let host: string | undefined;
    try {
      // A Host that is no host name is refused before any lookup, for the app's routes too (issue 36 #1, #8).
      if (normalHost(req.headers.host) === null) return badRequest(res);
      host = hosting.siteHost(req.headers.host);
    } catch {
      // A raw-server listener never throws (issue 36 #1): a Host it cannot read is a 400.
      return badRequest(res);
    }
    if (host === undefined) return app(req, res);
    if (shutdown?.aborted) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end(SHUTDOWN_MESSAGE);
      return;
    }
    hosting.sites?.wanted();
    void hosting.handle(host, req, res);
  });
}

function badRequest(res: ServerResponse): void {
  res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end('Petición no válida');
}

/**
 * Runs the published sites in a process of their own (ADR 0230): from the first site request on, new
 * connections to a site's Host are handed to it. `entry` is the sites' process's entry file.
 */
export function enableSiteProcess(app: FastifyInstance, entry: URL): void {
  const hosting = byApp.get(app);
  const config = hosting?.config;
  if (!hosting || !config || config.SITE_PROCESS !== 'on') return;
  hosting.sites = new SiteProcess(hosting, {
    entry,
    log: app.log,
    logLevel: config.LOG_LEVEL,
    ttlMs: config.SITE_CACHE_TTL_MS,
    stampKey: fillStampKeyOf(config).toString('hex'),
  });
  hosting.sites.attach(app.server);
}
