import { redesignRequestSchema, redesignResponseSchema } from '@div/shared/generation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError, planRefusal } from '../../lib/errors';
import { SafeFetchError, type SafeFetchOptions } from '../../lib/ssrf';
import { requireUser } from '../auth/sessions';
import { fetchPageAsMarkdown, planAllowsRedesign, REDESIGN_MESSAGES } from './service';

/**
 * POST /api/re-design {url}: medium and pro. `fetchOptions` exists for tests that serve pages on
 * loopback; production registers the routes without it (every non-public address refused).
 */
export function registerRedesignRoutes(app: FastifyInstance, ctx: AppContext, options: { fetchOptions?: SafeFetchOptions } = {}) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/re-design',
    {
      schema: { body: redesignRequestSchema, response: { 200: redesignResponseSchema } },
      preValidation: async (request) => {
        await requireUser(ctx, request);
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      if (!planAllowsRedesign(user.plan)) throw planRefusal('FORBIDDEN', REDESIGN_MESSAGES.plan, 'redesign', user.plan);
      try {
        return await fetchPageAsMarkdown({
          url: request.body.url,
          ...(options.fetchOptions ? { fetchOptions: options.fetchOptions } : {}),
        });
      } catch (error) {
        if (error instanceof SafeFetchError) {
          throw new AppError(
            error.code === 'FETCH_FAILED' || error.code === 'TIMEOUT' ? 'UPSTREAM' : 'BAD_REQUEST',
            error.message,
            {
              reason: error.code,
            },
          );
        }
        throw error;
      }
    },
  );
}
