import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppContext } from '../../context';
import { httpDuration, httpErrors, httpRequests, metricsRegistry } from '../../lib/metrics';
import { createRedisClient, pingRedis } from '../../providers/redis/client';

/**
 * Operations (issue 9): the request id echoed on every answer, request metrics, `/api/ready` and
 * `/metrics`, and a catalogue of every route registered after this (tests fuzz them all).
 * Call `registerOps` on the root instance before any other route or plugin.
 */

const catalogues = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Every route the app registered (after `registerOps`), with its schema. */
export function routeCatalogue(app: FastifyInstance): readonly RouteOptions[] {
  return catalogues.get(app) ?? [];
}

const startedAt = new WeakMap<object, bigint>();

export function registerOps(app: FastifyInstance, ctx: AppContext) {
  const routes: RouteOptions[] = [];
  catalogues.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  // Callback hooks: they run on every request (an async hook costs a promise and a microtask turn).
  app.addHook('onRequest', (request, reply, done) => {
    startedAt.set(request, process.hrtime.bigint());
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const start = startedAt.get(request);
    // A route template, never the raw URL, keeps the label set bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    if (start !== undefined) httpDuration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    if (reply.statusCode >= 500) httpErrors.inc(labels);
    done();
  });

  const redis = ctx.config.REDIS_URL ? createRedisClient(ctx.config.REDIS_URL, { log: ctx.log, name: 'ready' }) : null;
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  app.get('/api/ready', async (_request, reply) => {
    const checks: Record<string, 'ok' | 'down'> = {};
    const problems: string[] = [];
    try {
      await withTimeout(ctx.database.ping(), 2000);
      checks.database = 'ok';
    } catch {
      checks.database = 'down';
      problems.push('la base de datos no responde');
    }
    if (redis) {
      try {
        await pingRedis(redis);
        checks.redis = 'ok';
      } catch {
        checks.redis = 'down';
        problems.push('Redis no responde');
      }
    }
    if (problems.length) {
      return reply.status(503).send({
        status: 'unavailable',
        checks,
        message: `El servicio no está listo: ${problems.join(' y ')}.`,
        code: 'UNAVAILABLE',
      });
    }
    return { status: 'ready', checks };
  });

  const token = ctx.config.METRICS_TOKEN;
  app.get('/metrics', async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).send({ message: 'Falta el token de métricas.', code: 'UNAUTHENTICATED' });
    }
    return reply.header('content-type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
