import { modelsResponseSchema, providers } from '@div/shared/models';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { aiProvidersFor } from '../../providers/ai';
import { starterTemplates } from '../../providers/ai/composer/templates';
import { bearerToken, findSessionUser } from '../auth/sessions';
import { customModelOptions, planAllowsCustomModels } from '../custom-models/service';

const templatesResponseSchema = z.object({
  templates: z.array(z.object({ id: z.string(), name: z.string(), premium: z.boolean() })),
});

export function registerAiRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Fails at boot (not on the first request) when AI_MODELS is malformed.
  const ai = aiProvidersFor(ctx.config);

  /**
   * The model catalogue this server can serve: router models only with a key; the composer always;
   * and, for a signed-in Pro user, their own custom models (after the composer).
   */
  api.get('/ai/models', { schema: { response: { 200: modelsResponseSchema } } }, async (request, reply) => {
    const token = bearerToken(request);
    const user = token ? await findSessionUser(ctx, token) : undefined;
    const custom = user && planAllowsCustomModels(user.plan) ? await customModelOptions({ db: ctx.db, userId: user.id }) : [];
    if (token) reply.header('cache-control', 'private, no-store');
    return {
      models: [...ai.models, ...custom],
      providers: Object.values(providers).map(({ id, name, max_tokens }) => ({ id, name, max_tokens })),
      defaultModel: ai.defaultModel,
      defaultProvider: 'auto',
      routerConfigured: ai.routerConfigured,
    };
  });

  /** Starter templates offered when creating a space (premium ones for medium and pro). */
  api.get('/ai/templates', { schema: { response: { 200: templatesResponseSchema } } }, async () => ({
    templates: starterTemplates.map(({ id, name, premium }) => ({ id, name, premium })),
  }));
}
