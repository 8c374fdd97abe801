import { API_KEY_MESSAGES } from '@div/shared/api-keys';
import {
  DEVELOPER_API_MESSAGES,
  v1EditBodySchema,
  v1ErrorSchema,
  v1FilesResponseSchema,
  v1GenerateBodySchema,
  v1GenerationResultSchema,
  v1StreamQuerySchema,
  v1UsageResponseSchema,
} from '@div/shared/developer-api';
import { MAX_HTML_CHARS, MAX_REDESIGN_MARKDOWN_CHARS } from '@div/shared/generation';
import { developerPlanOf } from '@div/shared/plans';
import { deployResponseSchema } from '@div/shared/publishing';
import {
  createSpaceBodySchema,
  languageOf,
  listSpacesQuerySchema,
  listSpacesResponseSchema,
  listVersionsResponseSchema,
  spaceResponseSchema,
} from '@div/shared/spaces';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { idParams } from '../../lib/params';
import { aiProvidersFor } from '../../providers/ai';
import { findKeyOwner, type KeyOwner } from '../api-keys/service';
import { bearerToken } from '../auth/sessions';
import { registerV1ChecksRoutes } from '../checks/v1-routes';
import { registerV1SubmissionRoutes } from '../forms/v1-routes';
import { createGenerationRegistry } from '../generation/registry';
import { runGenerationRequest } from '../generation/routes';
import { registerV1GitRoutes } from '../git/v1-routes';
import { siteAddressingOf } from '../hosting/hosts';
import { recordUsageEvent } from '../metering/service';
import { deploySpace } from '../publishing/deploy';
import { createSpace } from '../spaces/create';
import { listSpacesJson } from '../spaces/read-json';
import { deleteSpace, findSpace, getSpaceFiles } from '../spaces/service';
import { listVersions } from '../spaces/versions';
import { findUsage } from '../usage/service';
import { foldGenerationStream, wantsJson } from './generation-answer';
import { addGenerationStream, openApiDocument } from './openapi';
import { createMonthlyQuota, type MonthlyQuota, periodResetOf } from './quota';
import { createMinuteLimiter, type MinuteLimiter, openLimitsRedis, redisReady } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The usage-event feature a /v1 route records, e.g. 'api.generate'. */
    feature?: string;
  }
}

export interface DeveloperApiOptions {
  /** The per-minute limiter; one is created from the configuration by default. */
  limiter?: MinuteLimiter;
  /** The monthly quota; one is created from the configuration by default. */
  quota?: MonthlyQuota;
  /** false turns off both limits (the benchmark's baseline only). */
  rateLimits?: boolean;
}

const GENERATE_BODY_LIMIT = (MAX_HTML_CHARS + MAX_REDESIGN_MARKDOWN_CHARS) * 4 + 256 * 1024;
const spaceIdHeader = 'x-space-id';

/** Error answers every /v1 route may give (documented in the OpenAPI document). */
const errors = { 400: v1ErrorSchema, 401: v1ErrorSchema, 404: v1ErrorSchema, 429: v1ErrorSchema };

interface RequestState {
  owner: KeyOwner;
  /** Whether the request passed the limits (rejected ones are not recorded as API calls). */
  counted: boolean;
  /** Whether the call's usage event is recorded by what it ran (a generation records its own). */
  accounted?: boolean;
}

/**
 * The developer API (issue 8): /v1 routes authenticated by API key, the per-plan limits, usage events
 * with source 'api', and the OpenAPI document at /api/openapi.json generated from the zod contracts.
 */
export async function registerDeveloperApi(app: FastifyInstance, ctx: AppContext, options: DeveloperApiOptions = {}) {
  const limits = options.rateLimits !== false;
  const redis = ctx.config.REDIS_URL && (!options.limiter || !options.quota) ? openLimitsRedis(ctx.config.REDIS_URL) : undefined;
  redis?.on('error', (error) => ctx.log.warn({ err: error }, 'redis error (developer API limits)'));
  if (redis) await redisReady(redis);
  const limiter =
    options.limiter ?? createMinuteLimiter({ redis, windowSeconds: ctx.config.API_RATE_WINDOW_SECONDS, log: ctx.log });
  const quota = options.quota ?? createMonthlyQuota({ db: ctx.db, redis, log: ctx.log });
  const ai = aiProvidersFor(ctx.config);
  const registry = createGenerationRegistry({ redisUrl: ctx.config.REDIS_URL, log: ctx.log });
  app.addHook('onClose', async () => {
    await registry.close();
    if (!options.limiter) await limiter.close();
    if (!options.quota) await quota.close();
    await redis?.quit().catch(() => {});
  });

  await app.register(fastifySwagger, {
    openapi: openApiDocument(ctx.config.publicUrl),
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      addGenerationStream('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });

  const states = new WeakMap<FastifyRequest, RequestState>();
  const stateOf = (request: FastifyRequest): RequestState => {
    const state = states.get(request);
    if (!state) throw new Error('the /v1 authentication hook did not run');
    return state;
  };

  await app.register(
    async (v1) => {
      v1.addHook('onRequest', async (request, reply) => {
        const key = bearerToken(request);
        if (!key) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.missing);
        const owner = await findKeyOwner({ db: ctx.db, key });
        if (!owner) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.invalid);
        const state: RequestState = { owner, counted: false };
        states.set(request, state);
        if (!limits) {
          state.counted = true;
          return;
        }
        await enforceLimits({ limiter, quota, owner, reply });
        state.counted = true;
      });

      v1.addHook('onResponse', async (request, reply) => {
        const state = states.get(request);
        if (!state?.counted || state.accounted) return;
        const feature = request.routeOptions.config?.feature ?? 'api.other';
        await recordUsageEvent({
          db: ctx.db,
          userId: state.owner.userId,
          feature,
          success: reply.statusCode < 400,
          durationMs: Math.round(reply.elapsedTime),
          source: 'api',
        }).catch((error) => request.log.error({ err: error }, 'could not record an API call'));
      });

      v1.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ message: `Ruta no encontrada: ${request.method} ${request.url}`, code: 'NOT_FOUND' }),
      );

      const api = v1.withTypeProvider<ZodTypeProvider>();

      const generate = async (
        request: FastifyRequest,
        reply: FastifyReply,
        spaceId: string,
        body: z.infer<typeof v1EditBodySchema>,
      ) => {
        const state = stateOf(request);
        reply.header(spaceIdHeader, spaceId);
        return runGenerationRequest({
          ctx,
          ai,
          registry,
          user: { id: state.owner.userId, plan: state.owner.plan },
          body: { ...body, spaceId },
          reply,
          apiCall: {
            feature: request.routeOptions.config?.feature ?? 'api.generate',
            accounted: () => {
              state.accounted = true;
            },
          },
        });
      };
      /** In JSON mode the event stream is read to its end and answered as one object (or the error). */
      const onSendGeneration = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (!wantsJson(request) || reply.statusCode !== 200 || !isReadable(payload)) return payload;
        const spaceId = String(reply.getHeader(spaceIdHeader) ?? '');
        const folded = await foldGenerationStream(payload, spaceId);
        reply.status(folded.status).header('content-type', 'application/json; charset=utf-8');
        return JSON.stringify(folded.body);
      };
      const generationResponses = { 200: v1GenerationResultSchema, ...errors, 402: v1ErrorSchema, 409: v1ErrorSchema };

      api.post(
        '/generate',
        {
          bodyLimit: GENERATE_BODY_LIMIT,
          config: { feature: 'api.generate' },
          schema: {
            summary: 'Genera un sitio desde un prompt',
            description:
              'Genera en `spaceId`, o en un proyecto nuevo (llamado `name`, o como el prompt) cuyo id llega en la cabecera `X-Space-Id`. Responde eventos NDJSON (los mismos tipos que el editor); con `?stream=false` o `Accept: application/json`, un único objeto JSON al terminar.',
            tags: ['Generation'],
            body: v1GenerateBodySchema,
            querystring: v1StreamQuerySchema,
            response: generationResponses,
          },
          onSend: onSendGeneration,
        },
        async (request, reply) => {
          const { owner } = stateOf(request);
          const { spaceId: given, name, ...body } = request.body;
          const spaceId = given
            ? (await findSpace({ db: ctx.db, userId: owner.userId, spaceId: given })).id
            : (await createSpace({ db: ctx.db, userId: owner.userId, name: name ?? nameFromPrompt(body.prompt) })).id;
          return generate(request, reply, spaceId, body);
        },
      );

      api.post(
        '/spaces/:id/edit',
        {
          bodyLimit: GENERATE_BODY_LIMIT,
          config: { feature: 'api.edit' },
          schema: {
            summary: 'Aplica un cambio de seguimiento al sitio de un proyecto',
            description: 'La misma respuesta que POST /v1/generate (eventos o JSON).',
            tags: ['Generation'],
            params: idParams,
            body: v1EditBodySchema,
            querystring: v1StreamQuerySchema,
            response: generationResponses,
          },
          onSend: onSendGeneration,
        },
        async (request, reply) => {
          const { owner } = stateOf(request);
          const space = await findSpace({ db: ctx.db, userId: owner.userId, spaceId: request.params.id });
          return generate(request, reply, space.id, request.body);
        },
      );

      api.get(
        '/spaces',
        {
          config: { feature: 'api.spaces.list' },
          schema: {
            summary: 'Lista tus proyectos, una página cada vez (nextCursor lleva a la siguiente)',
            tags: ['Spaces'],
            querystring: listSpacesQuerySchema,
            response: { 200: listSpacesResponseSchema, ...errors },
          },
        },
        async (request) =>
          JSON.parse(
            await listSpacesJson({
              db: ctx.db,
              userId: stateOf(request).owner.userId,
              sites: siteAddressingOf(ctx.config),
              ...request.query,
            }),
          ),
      );

      api.post(
        '/spaces',
        {
          config: { feature: 'api.spaces.create' },
          schema: {
            summary: 'Crea un proyecto',
            tags: ['Spaces'],
            body: createSpaceBodySchema,
            response: { 201: spaceResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const space = await createSpace({ db: ctx.db, userId: stateOf(request).owner.userId, name: request.body.name });
          return reply.status(201).send({ space });
        },
      );

      api.delete(
        '/spaces/:id',
        {
          config: { feature: 'api.spaces.delete' },
          schema: {
            summary: 'Elimina un proyecto',
            tags: ['Spaces'],
            params: idParams,
            response: { 204: z.null().describe('Deleted'), ...errors },
          },
        },
        async (request, reply) => {
          await deleteSpace({ db: ctx.db, userId: stateOf(request).owner.userId, spaceId: request.params.id });
          return reply.status(204).send(null);
        },
      );

      api.get(
        '/spaces/:id/files',
        {
          config: { feature: 'api.spaces.files' },
          schema: {
            summary: 'Lee los archivos actuales de un proyecto',
            tags: ['Spaces'],
            params: idParams,
            response: { 200: v1FilesResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { files, revision } = await getSpaceFiles({
            db: ctx.db,
            userId: stateOf(request).owner.userId,
            spaceId: request.params.id,
          });
          return { files: files.map((f) => ({ path: f.path, content: f.content, language: languageOf(f.path) })), revision };
        },
      );

      registerV1SubmissionRoutes(v1, ctx, (request) => stateOf(request).owner.userId, errors);
      registerV1ChecksRoutes(v1, ctx, (request) => stateOf(request).owner.userId, {
        ...errors,
        403: v1ErrorSchema,
        409: v1ErrorSchema,
      });
      registerV1GitRoutes(v1, ctx, (request) => stateOf(request).owner.userId, {
        ...errors,
        403: v1ErrorSchema,
        409: v1ErrorSchema,
        502: v1ErrorSchema,
      });

      api.get(
        '/spaces/:id/versions',
        {
          config: { feature: 'api.spaces.versions' },
          schema: {
            summary: 'Lista las versiones de un proyecto (la más reciente primero)',
            tags: ['Spaces'],
            params: idParams,
            response: { 200: listVersionsResponseSchema, ...errors },
          },
        },
        async (request) => ({
          versions: await listVersions({ db: ctx.db, userId: stateOf(request).owner.userId, spaceId: request.params.id }),
        }),
      );

      api.post(
        '/spaces/:id/deploy',
        {
          config: { feature: 'api.deploy' },
          schema: {
            summary: 'Publica los archivos actuales de un proyecto y devuelve su URL',
            tags: ['Publishing'],
            params: idParams,
            response: { 200: deployResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { owner } = stateOf(request);
          return deploySpace({ ctx, userId: owner.userId, plan: owner.plan, spaceId: request.params.id });
        },
      );

      api.get(
        '/usage',
        {
          config: { feature: 'api.usage' },
          schema: {
            summary: 'Uso de la cuenta de la clave y cuota de la API',
            description:
              'Cada llamada es una acción (`actions`, `apiCalls`); una generación o un cambio por la API es una sola acción y gasta un mensaje, que aparece en el historial. Un cambio que el compositor rechaza sin cobrar no cuenta ni como acción ni como fallo.',
            tags: ['Usage'],
            response: { 200: v1UsageResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { owner } = stateOf(request);
          const now = new Date();
          const plan = developerPlanOf(owner.developerPlan);
          const [usage, requestsUsed] = await Promise.all([
            findUsage({ db: ctx.db, userId: owner.userId, now }),
            quota.used({ userId: owner.userId, plan: plan.id, now }),
          ]);
          return {
            ...usage,
            api: {
              developerPlan: plan.id,
              requestsPerMonth: plan.requestsPerMonth,
              requestsPerMinute: plan.requestsPerMinute,
              requestsUsed,
              resetDate: periodResetOf(now).toISOString(),
            },
          };
        },
      );
    },
    { prefix: '/v1' },
  );

  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return app.swagger();
  });
}

/**
 * Counts the request against the per-minute limit and the monthly quota at once (one round trip to
 * Redis, not two); a request the minute limit refuses is given back to the month. Sets the RateLimit
 * headers; 429 naming the limit when over either.
 */
async function enforceLimits(opts: { limiter: MinuteLimiter; quota: MonthlyQuota; owner: KeyOwner; reply: FastifyReply }) {
  const { limiter, quota, owner, reply } = opts;
  const plan = developerPlanOf(owner.developerPlan);
  const now = new Date();
  const [minute, month] = await Promise.all([
    limiter.consume(owner.userId, plan.id),
    quota.consume({ userId: owner.userId, plan: plan.id, now }),
  ]);
  if (minute) {
    const reset = Math.max(1, Math.ceil(minute.resetMs / 1000));
    reply
      .header('ratelimit-limit', minute.limit)
      .header('ratelimit-remaining', minute.remaining)
      .header('ratelimit-reset', reset);
    if (!minute.allowed) {
      if (month.allowed && month.limit >= 0) await quota.release({ userId: owner.userId, plan: plan.id, now });
      reply.header('retry-after', reset);
      throw new AppError('RATE_LIMITED', DEVELOPER_API_MESSAGES.minuteLimit(minute.limit, reset), { limit: 'minute' });
    }
  }
  if (month.limit < 0) return;
  const monthReset = Math.max(1, Math.ceil((month.resetAt.getTime() - now.getTime()) / 1000));
  reply
    .header('x-quota-limit', month.limit)
    .header('x-quota-remaining', Math.max(0, month.limit - month.used))
    .header('x-quota-reset', monthReset);
  if (!month.allowed) {
    reply
      .header('ratelimit-limit', month.limit)
      .header('ratelimit-remaining', 0)
      .header('ratelimit-reset', monthReset)
      .header('retry-after', monthReset);
    throw new AppError('QUOTA_EXCEEDED', DEVELOPER_API_MESSAGES.monthLimit(month.limit), { limit: 'month' });
  }
}

/** A new space's name: the prompt's first line, shortened. */
function nameFromPrompt(prompt: string): string {
  const line = prompt.split('\n')[0]?.trim() ?? '';
  return (line.length > 60 ? `${line.slice(0, 57)}…` : line) || 'Sitio generado por API';
}

function isReadable(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';
}
