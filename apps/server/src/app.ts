import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { type DatabaseHandle, databaseErrorCode, openDatabase } from './db/client';
import { trustsHop } from './lib/client-address';
import { AppError } from './lib/errors';
import { registerJsonBodyParser } from './lib/json-body';
import { loadSecret } from './lib/secret';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerGracefulShutdown } from './lib/shutdown';
import { registerAccountRoutes } from './modules/account/routes';
import { registerAiRoutes } from './modules/ai/routes';
import { registerApiKeysRoutes } from './modules/api-keys/routes';
import { registerAssetsRoutes, registerImagePreviewRoute } from './modules/assets/routes';
import { registerLocalIdpRoutes } from './modules/auth/local-idp-routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerSignInFirst, signedOutInstead } from './modules/auth/sign-in-first';
import { registerLocalBillingPages } from './modules/billing/local-pages';
import { registerBillingRoutes } from './modules/billing/routes';
import { registerChecksRoutes } from './modules/checks/routes';
import { registerCustomModelsRoutes } from './modules/custom-models/routes';
import { registerDesignRoutes } from './modules/design/routes';
import { registerDeveloperApi } from './modules/developer-api/routes';
import { registerDomainsRoutes } from './modules/domains/routes';
import { registerPreviewFormsRoutes } from './modules/forms/preview';
import { registerFormsRoutes, startForms } from './modules/forms/routes';
import { registerGenerationRoutes } from './modules/generation/routes';
import { startGitAutoPush } from './modules/git/auto-push';
import { registerGitRoutes } from './modules/git/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerHosting } from './modules/hosting/front-door';
import { registerLegalRoutes } from './modules/legal/routes';
import { registerMembersRoutes } from './modules/members/routes';
import { registerOps } from './modules/ops/ops';
import { registerPreviewRoutes } from './modules/preview/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerPublishingRoutes } from './modules/publishing/routes';
import { registerRealtime } from './modules/realtime/realtime';
import { registerRedesignRoutes } from './modules/redesign/routes';
import { registerImageRenameRoute } from './modules/spaces/image-routes';
import { registerSpacesRoutes } from './modules/spaces/routes';
import { registerUsageRoutes } from './modules/usage/routes';

export interface BuildAppOptions {
  /** An already open database (tests share one per worker); otherwise opened from config. */
  database?: DatabaseHandle;
  /** pino options or false; tests pass false. */
  logger?: boolean | object;
}

/** Largest JSON body accepted by default; routes that take files set their own limit. */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets that travel in a query string (the preview's form token, OAuth's code and state) are
    // never written to the log (issue 36 #15).
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, ...(options.logger as object), serializers: { req: loggedRequest } },
    bodyLimit: BODY_LIMIT,
    // Only the configured proxies may name the client (ADR 0154), never the leftmost X-Forwarded-For.
    trustProxy: config.TRUST_PROXY ? trustsHop(config.TRUST_PROXY) : false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // New requests during shutdown answer our own 503 with a message (lib/shutdown.ts).
    return503OnClosing: false,
    // Runs after the preClose drain, when every request has finished: the connections left are idle
    // keep-alives or ones Node still counts busy after their client left (they held close() open).
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON with limits on nesting and size, and an empty body as no body (ADR 0150).
  registerJsonBodyParser(app, BODY_LIMIT);

  const database =
    options.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE }));
  const ownsDatabase = !options.database;
  // First of all hooks: tracks every request so shutdown closes the database only after the last one (ADR 0125).
  const shutdown = registerGracefulShutdown(app);
  const ctx: AppContext = { config, db: database.db, database, log: app.log, shutdown };
  // Runs after the preClose drain and after every plugin's onClose (children close before the root).
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  // Request ids, metrics, /api/ready, /metrics and the route catalogue (issue 9): before any route.
  registerOps(app, ctx);
  // Published sites are answered by Host before anything of the app runs (issue 6).
  registerHosting(app, ctx);
  startForms(app, ctx);
  startGitAutoPush(app, ctx);

  // The WebSocket of spaces edited together (issue 25, ADR 0213), on the same server.
  ctx.realtime = registerRealtime(app, ctx);

  await app.register(fastifyCookie, { secret: config.SESSION_SECRET ?? loadSecret(config.DATA_DIR, 'cookie-secret') });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:', 'data:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    hsts: config.TRUST_PROXY ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.setErrorHandler(async (error, request, reply) => {
    // A signed-out request answers 401 whatever its body (ADR 0150).
    const signedOut = await signedOutInstead(ctx, request, error);
    if (signedOut) return reply.status(signedOut.status).send({ message: signedOut.message, code: signedOut.code });
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? `${first.instancePath.slice(1).replaceAll('/', '.')}: ` : '';
      return reply.status(400).send({ message: `Datos no válidos. ${where}${first?.message ?? ''}`.trim(), code: 'VALIDATION' });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      const message = status === 413 ? 'La solicitud es demasiado grande.' : (error as Error).message;
      return reply.status(status).send({ message, code });
    }
    if (isInvalidData(error)) {
      // A value the database cannot hold (a NUL byte, an id of the wrong form, a number out of range).
      return reply.status(400).send({ message: 'Datos no válidos.', code: 'VALIDATION' });
    }
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ message: 'El servicio no está disponible. Inténtalo de nuevo en unos segundos.', code: 'UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Error interno del servidor', code: 'INTERNAL' });
  });

  await app.register(
    async (api) => {
      // Routes that take large bodies authenticate before reading them (ADR 0150).
      registerSignInFirst(api, ctx, BODY_LIMIT);
      registerHealthRoutes(api, ctx);
      registerUsageRoutes(api, ctx);
      registerBillingRoutes(api, ctx);
      registerAccountRoutes(api, ctx);
      registerAuthRoutes(api, ctx);
      registerLegalRoutes(api, ctx);
      registerSpacesRoutes(api, ctx);
      registerMembersRoutes(api, ctx, { membersChanged: (spaceId) => ctx.realtime?.accessChanged(spaceId) });
      registerPublishingRoutes(api, ctx);
      registerDomainsRoutes(api, ctx);
      registerAiRoutes(api, ctx);
      registerGenerationRoutes(api, ctx);
      registerRedesignRoutes(api, ctx);
      registerApiKeysRoutes(api, ctx);
      registerCustomModelsRoutes(api, ctx);
      registerFormsRoutes(api, ctx);
      registerAssetsRoutes(api, ctx);
      registerImageRenameRoute(api, ctx);
      registerChecksRoutes(api, ctx);
      registerProfileRoutes(api, ctx);
      registerDesignRoutes(api, ctx);
      registerGitRoutes(api, ctx);
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ message: `Ruta no encontrada: ${request.method} ${request.url}`, code: 'NOT_FOUND' }),
      );
    },
    { prefix: '/api' },
  );

  // The developer API (/v1) and its OpenAPI document (/api/openapi.json), issue 8.
  await app.register(async (scope) => registerDeveloperApi(scope, ctx));
  registerLocalIdpRoutes(app, ctx);
  registerPreviewRoutes(app, ctx);
  registerPreviewFormsRoutes(app, ctx);
  registerImagePreviewRoute(app, ctx);
  registerLocalBillingPages(app, ctx);
  await registerWebApp(app, config);
  return app;
}

/** Serves the built SPA with history fallback: any unknown path returns index.html, which shows home. */
async function registerWebApp(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.WEB_DIST);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  // A space opened directly gets the editor's entry page: index.html plus its boot script (ADR 0064).
  const hasSpaceEntry = existsSync(path.join(root, 'space.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file; the variant the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Vite names assets by content hash: they never change, so browsers keep them a year.
        const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Ruta no encontrada', code: 'NOT_FOUND' });
    }
    if (!hasBuild) return reply.type('text/plain').send('DIV: the web app is not built yet (npm run build).');
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '') && request.url.startsWith('/assets/')) {
      return reply.status(404).send({ message: 'Archivo no encontrado', code: 'NOT_FOUND' });
    }
    const spaceEntry = hasSpaceEntry && /^\/space\/[^/?#]+\/?(?:[?#]|$)/.test(request.url);
    return reply.sendFile(spaceEntry ? 'space.html' : 'index.html');
  });
}

/** PostgreSQL's "data exception" class (SQLSTATE 22xxx), looked for through wrapping errors. */
function isInvalidData(error: unknown): boolean {
  return databaseErrorCode(error)?.startsWith('22') ?? false;
}

/** Connection refused, dropped or shut down, looked for through wrapping errors (drizzle wraps driver errors in `cause`). */
function isDatabaseDown(error: unknown): boolean {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth += 1) {
    const code = e.code;
    if (
      code &&
      [
        'ECONNREFUSED',
        'ECONNRESET',
        'ETIMEDOUT',
        'EPIPE',
        '57P01',
        '57P02',
        '57P03',
        '08000',
        '08001',
        '08003',
        '08006',
      ].includes(code)
    ) {
      return true;
    }
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(e.message))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A query parameter whose value is a credential. */
const SECRET_PARAMS = /([?&](?:token|code|validate_code|state)=)[^&#]*/gi;

/** What the log keeps of a request: Fastify's own fields, with credentials in the URL blanked. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_PARAMS, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
