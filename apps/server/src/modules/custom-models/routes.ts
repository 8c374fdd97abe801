import {
  CUSTOM_MODEL_MESSAGES,
  createCustomEndpointBodySchema,
  customEndpointResponseSchema,
  listCustomEndpointsResponseSchema,
  testCustomEndpointBodySchema,
  testCustomEndpointResponseSchema,
  updateCustomEndpointBodySchema,
} from '@div/shared/custom-models';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { planRefusal } from '../../lib/errors';
import { idParams } from '../../lib/params';
import { type AuthUser, requireUser } from '../auth/sessions';
import { createEndpoint, deleteEndpoint, listEndpoints, planAllowsCustomModels, testEndpoint, updateEndpoint } from './service';

/** /api/custom-models: a Pro user's own OpenAI-compatible endpoints (ADR 0085). */
export function registerCustomModelsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const users = new WeakMap<FastifyRequest, AuthUser>();
  // Signed in and Pro before the body is validated: others get 401/403 whatever they send.
  const proUser = async (request: FastifyRequest) => {
    const user = await requireUser(ctx, request);
    if (!planAllowsCustomModels(user.plan))
      throw planRefusal('FORBIDDEN', CUSTOM_MODEL_MESSAGES.proOnly, 'customModels', user.plan);
    users.set(request, user);
  };
  const userId = (request: FastifyRequest) => {
    const user = users.get(request);
    if (!user) throw new Error('proUser() did not run');
    return user.id;
  };

  api.get(
    '/custom-models',
    { preValidation: proUser, schema: { response: { 200: listCustomEndpointsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { endpoints: await listEndpoints({ db: ctx.db, userId: userId(request) }) };
    },
  );

  api.post(
    '/custom-models',
    { preValidation: proUser, schema: { body: createCustomEndpointBodySchema, response: { 201: customEndpointResponseSchema } } },
    async (request, reply) => {
      const endpoint = await createEndpoint(ctx, { userId: userId(request), input: request.body });
      return reply.status(201).send({ endpoint });
    },
  );

  api.patch(
    '/custom-models/:id',
    {
      preValidation: proUser,
      schema: { params: idParams, body: updateCustomEndpointBodySchema, response: { 200: customEndpointResponseSchema } },
    },
    async (request) => ({
      endpoint: await updateEndpoint(ctx, { userId: userId(request), id: request.params.id, input: request.body }),
    }),
  );

  api.delete(
    '/custom-models/:id',
    { preValidation: proUser, schema: { params: idParams, response: { 200: customEndpointResponseSchema } } },
    async (request) => ({ endpoint: await deleteEndpoint({ db: ctx.db, userId: userId(request), id: request.params.id }) }),
  );

  api.post(
    '/custom-models/:id/test',
    {
      preValidation: proUser,
      schema: { params: idParams, body: testCustomEndpointBodySchema, response: { 200: testCustomEndpointResponseSchema } },
    },
    async (request) =>
      testEndpoint(ctx, {
        userId: userId(request),
        id: request.params.id,
        ...(request.body?.model ? { model: request.body.model } : {}),
      }),
  );
}
