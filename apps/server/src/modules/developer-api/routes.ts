import { API_KEY_MESSAGES } from '@div/shared/api-keys';
import { DEVELOPER_API_MESSAGES, v1ErrorSchema } from '@div/shared/developer-api';
import { developerPlanOf } from '@div/shared/plans';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { aiProvidersFor } from '../../providers/ai';
import { findKeyOwner, type KeyOwner } from '../api-keys/service';
import { bearerToken } from '../auth/sessions';
import { registerV1ChecksRoutes } from '../checks/v1-routes';
import { registerV1SubmissionRoutes } from '../forms/v1-routes';
import { createGenerationRegistry } from '../generation/registry';
import { registerV1GitRoutes } from '../git/v1-routes';
import { recordUsageEvent } from '../metering/service';
import { addGenerationStream, openApiDocument } from './openapi';
import { createMonthlyQuota, type MonthlyQuota } from './quota';
import { createMinuteLimiter, type MinuteLimiter, openLimitsRedis, redisReady } from './rate-limit';
import { type RequestState, v1Errors } from './v1';
import { registerV1DeployRoutes } from './v1-deploy';
import { registerV1GenerationRoutes } from './v1-generation';
import { registerV1SpacesRoutes } from './v1-spaces';
import { registerV1UsageRoutes } from './v1-usage';

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

const errors = v1Errors;

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

      registerV1GenerationRoutes(v1, { ctx, stateOf, errors }, { ai, registry });
      registerV1SpacesRoutes(v1, { ctx, stateOf, errors });

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

      registerV1DeployRoutes(v1, { ctx, stateOf, errors });
      registerV1UsageRoutes(v1, { ctx, stateOf, errors }, quota);
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
