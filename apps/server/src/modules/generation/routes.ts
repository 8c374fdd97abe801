import {
  fixErrorRequestSchema,
  fixErrorResponseSchema,
  fixOutcomeRequestSchema,
  fixOutcomeResponseSchema,
  generateRequestSchema,
  MAX_HTML_CHARS,
  MAX_REDESIGN_MARKDOWN_CHARS,
  stopRequestSchema,
  stopResponseSchema,
} from '@div/shared/generation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { aiProvidersFor } from '../../providers/ai';
import { type AuthUser, requireUser } from '../auth/sessions';
import { startReservationSweeper } from '../metering/reservations';
import { fixError, reportFixOutcome } from './fix-service';
import { createGenerationRegistry, type GenerationRegistry } from './registry';
import { runGenerationRequest } from './run';

/** Room for the largest document plus the redesign markdown and the rest of the request. */
const GENERATE_BODY_LIMIT = (MAX_HTML_CHARS + MAX_REDESIGN_MARKDOWN_CHARS) * 4 + 256 * 1024;

const users = new WeakMap<FastifyRequest, AuthUser>();
/** Authenticates before the body is validated, so a signed-out request answers 401 whatever it sends. */
function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    users.set(request, await requireUser(ctx, request));
  };
}
function userOf(request: FastifyRequest): AuthUser {
  const user = users.get(request);
  if (!user) throw new Error('authenticate() did not run');
  return user;
}

export function registerGenerationRoutes(app: FastifyInstance, ctx: AppContext, options: { registry?: GenerationRegistry } = {}) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ai = aiProvidersFor(ctx.config);
  const registry = options.registry ?? createGenerationRegistry({ redisUrl: ctx.config.REDIS_URL, log: ctx.log });
  const stopSweeper = startReservationSweeper({
    db: ctx.db,
    intervalMs: Math.max(250, ctx.config.RESERVATION_LEASE_MS / 2),
    log: ctx.log,
  });
  app.addHook('onClose', async () => {
    stopSweeper();
    await registry.close();
  });

  api.post(
    '/ask-ai/generate-separate-files',
    {
      schema: { body: generateRequestSchema },
      bodyLimit: GENERATE_BODY_LIMIT,
      preValidation: authenticate(ctx),
      ...spaceRole('editor'),
    },
    async (request, reply) => {
      const actor = userOf(request);
      const spaceId = request.body.spaceId;
      // A member generates on the owner's plan and allowance (ADR 0212); the version is the member's.
      const access = spaceId ? await requireSpaceAccess(ctx.db, request, actor.id, spaceId) : undefined;
      const user = access ? { id: access.ownerId, plan: access.ownerPlan } : actor;
      return runGenerationRequest({ ctx, ai, registry, user, actor, body: request.body, reply });
    },
  );

  api.post(
    '/ask-ai/stop',
    {
      schema: { body: stopRequestSchema, response: { 200: stopResponseSchema } },
      preValidation: authenticate(ctx),
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = userOf(request);
      await requireSpaceAccess(ctx.db, request, user.id, request.body.spaceId);
      return { stopped: await registry.stop(request.body.spaceId, user.id) };
    },
  );

  api.post(
    '/fix-error',
    {
      schema: { body: fixErrorRequestSchema, response: { 200: fixErrorResponseSchema } },
      bodyLimit: MAX_HTML_CHARS * 4 + 64 * 1024,
      preValidation: authenticate(ctx),
    },
    async (request) => fixError({ ctx, ai, user: userOf(request), body: request.body }),
  );

  api.post(
    '/fix-error/outcome',
    {
      schema: { body: fixOutcomeRequestSchema, response: { 200: fixOutcomeResponseSchema } },
      preValidation: authenticate(ctx),
    },
    async (request) => reportFixOutcome({ ctx, user: userOf(request), body: request.body }),
  );
}
