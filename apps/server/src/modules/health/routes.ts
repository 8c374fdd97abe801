import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/health', async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok', database: ctx.database.driver };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'La base de datos no responde.', code: 'UNAVAILABLE' });
    }
  });
}
