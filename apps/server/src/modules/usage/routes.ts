import { usageQuerySchema, usageResponseSchema } from '@div/shared/usage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../auth/sessions';
import { findUsage } from './service';

export function registerUsageRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/user/usage',
      { schema: { querystring: usageQuerySchema, response: { 200: usageResponseSchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        return findUsage({ db: ctx.db, userId: user.id, tz: request.query.tz });
      },
    );
}
