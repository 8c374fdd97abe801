import { deleteAccountRequestSchema } from '@div/shared/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../auth/sessions';
import { deleteAccount } from './service';

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .delete('/user', { schema: { body: deleteAccountRequestSchema } }, async (request, reply) => {
      const user = await requireUser(ctx, request);
      await deleteAccount({ ctx, userId: user.id });
      return reply.status(204).send();
    });
}
