import { listSubmissionsQuerySchema, submissionListSchema, submissionSchema } from '@div/shared/forms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceId } from '../../lib/params';
import { checkRole, findSpaceAccess } from '../../lib/space-access';
import { deleteSubmission, getSubmission, type InboxScope, listSubmissions } from './service';

const submissionParams = idParams.extend({ submissionId: resourceId });

/**
 * `/v1/spaces/{id}/submissions` (issue 23): the key owner lists, reads and deletes the form
 * submissions of a space they own or edit (the same access rule as the inbox, ADR 0194).
 */
export function registerV1SubmissionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  userIdOf: (request: FastifyRequest) => string,
  errors: Record<number, z.ZodType>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = async (request: FastifyRequest): Promise<InboxScope> => {
    const spaceId = (request.params as { id: string }).id;
    const access = checkRole(await findSpaceAccess(ctx.db, userIdOf(request), spaceId), 'editor');
    return { db: ctx.db, spaceId, ownerId: access.ownerId, ownerPlan: access.ownerPlan };
  };

  api.get(
    '/spaces/:id/submissions',
    {
      config: { feature: 'api.submissions.list' },
      schema: {
        summary: 'Lista los envíos de formularios de un proyecto (el más reciente primero)',
        description:
          'Carpetas inbox (por defecto), spam o all; búsqueda con q; páginas con limit y el nextCursor de la respuesta anterior. Los envíos por encima de la cuota mensual del plan vienen con locked=true y sin campos.',
        tags: ['Submissions'],
        params: idParams,
        querystring: listSubmissionsQuerySchema,
        response: { 200: submissionListSchema, ...errors },
      },
    },
    async (request) => listSubmissions(await scopeOf(request), request.query),
  );

  api.get(
    '/spaces/:id/submissions/:submissionId',
    {
      config: { feature: 'api.submissions.read' },
      schema: {
        summary: 'Lee un envío de formulario',
        tags: ['Submissions'],
        params: submissionParams,
        response: { 200: submissionSchema, ...errors },
      },
    },
    async (request) => getSubmission(await scopeOf(request), request.params.submissionId),
  );

  api.delete(
    '/spaces/:id/submissions/:submissionId',
    {
      config: { feature: 'api.submissions.delete' },
      schema: {
        summary: 'Elimina un envío de formulario',
        tags: ['Submissions'],
        params: submissionParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSubmission(await scopeOf(request), request.params.submissionId);
      return reply.status(204).send(null);
    },
  );
}
