import {
  apiKeyResponseSchema,
  createApiKeyBodySchema,
  createApiKeyResponseSchema,
  listApiKeysResponseSchema,
} from '@div/shared/api-keys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { idParams } from '../../lib/params';
import { requireUser } from '../auth/sessions';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

/** /api/keys: a signed-in person's developer API keys. */
export function registerApiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/keys', { schema: { response: { 200: listApiKeysResponseSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    reply.header('cache-control', 'no-store');
    return { apiKeys: await listApiKeys({ db: ctx.db, userId: user.id }) };
  });

  api.post(
    '/keys',
    { schema: { body: createApiKeyBodySchema, response: { 201: createApiKeyResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const created = await createApiKey({ db: ctx.db, userId: user.id, name: request.body.name });
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete('/keys/:id', { schema: { params: idParams, response: { 200: apiKeyResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { apiKey: await revokeApiKey({ db: ctx.db, userId: user.id, keyId: request.params.id }) };
  });
}
