import { checksResponseSchema, fixChecksBodySchema, fixChecksResponseSchema } from '@div/shared/checks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { idParams } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { fixChecks, getChecks } from './service';

/** `/api/spaces/{id}/checks` (issue 40): members read the findings, editors apply the fixes. */
export function registerChecksRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/spaces/:id/checks',
    { schema: { params: idParams, response: { 200: checksResponseSchema } }, ...spaceRole('viewer') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      return reply.header('cache-control', 'no-store').send(await getChecks({ ctx, access }));
    },
  );

  api.post(
    '/spaces/:id/checks/fix',
    {
      schema: { params: idParams, body: fixChecksBodySchema, response: { 200: fixChecksResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const result = await fixChecks({ ctx, access, authorId: user.id, rules: request.body.rules });
      if (result.version) ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: user.name });
      return result;
    },
  );
}
