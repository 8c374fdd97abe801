import { checksResponseSchema, fixChecksBodySchema, fixChecksResponseSchema } from '@div/shared/checks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams } from '../../lib/params';
import { checkRole, findSpaceAccess } from '../../lib/space-access';
import { fixChecks, getChecks } from './service';

/**
 * `/v1/spaces/{id}/checks` (issue 40): the key owner reads the findings of a space they are a
 * member of and fixes those of a space they own or edit, by the same access rule as the editor.
 */
export function registerV1ChecksRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  userIdOf: (request: FastifyRequest) => string,
  errors: Record<number, z.ZodType>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accessOf = async (request: FastifyRequest, role: 'viewer' | 'editor') =>
    checkRole(await findSpaceAccess(ctx.db, userIdOf(request), (request.params as { id: string }).id), role);

  api.get(
    '/spaces/:id/checks',
    {
      config: { feature: 'api.checks.read' },
      schema: {
        summary: 'Revisa los archivos de un proyecto antes de publicarlo',
        description:
          'Enlaces, anclas, imágenes, ids repetidos, h1, lang, título y descripción, alt, etiquetas y destino de los formularios, textos de relleno, peso de las imágenes, recursos de terceros, http: y contraste (WCAG AA). Cada hallazgo trae rule, severity (error, warning, notice), file, line (desde 1), message en español y en inglés y fixable.',
        tags: ['Checks'],
        params: idParams,
        response: { 200: checksResponseSchema, ...errors },
      },
    },
    async (request) => getChecks({ ctx, access: await accessOf(request, 'viewer') }),
  );

  api.post(
    '/spaces/:id/checks/fix',
    {
      config: { feature: 'api.checks.fix' },
      schema: {
        summary: 'Aplica las correcciones automáticas de la revisión como una versión',
        description:
          'Con `{}` corrige todos los hallazgos corregibles; con `{ "rules": [...] }`, solo los de esas reglas. Las correcciones quedan en una sola versión ("Correcciones de la revisión"), que se deshace restaurando la anterior. Responde los hallazgos nuevos; `version` es null si no había nada que corregir.',
        tags: ['Checks'],
        params: idParams,
        body: fixChecksBodySchema,
        response: { 200: fixChecksResponseSchema, ...errors },
      },
    },
    async (request) => {
      const access = await accessOf(request, 'editor');
      const result = await fixChecks({ ctx, access, authorId: userIdOf(request), rules: request.body.rules });
      if (result.version) ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: null });
      return result;
    },
  );
}
