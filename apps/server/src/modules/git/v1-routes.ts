import {
  gitConnectBodySchema,
  gitPullBodySchema,
  gitPullResponseSchema,
  gitPushResponseSchema,
  gitResolveBodySchema,
  gitSettingsBodySchema,
  gitStatusSchema,
} from '@div/shared/git';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { idParams } from '../../lib/params';
import { checkRole, findSpaceAccess } from '../../lib/space-access';
import { connect, disconnect, getStatus, updateSettings } from './connection';
import { pull, push } from './sync';

/**
 * `/v1/spaces/{id}/git` (issue 41): the key owner reads the git status of a space they are a member
 * of, and connects, pushes and pulls one they own or edit, by the same access rule as the editor.
 */
export function registerV1GitRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  userIdOf: (request: FastifyRequest) => string,
  errors: Record<number, z.ZodType>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accessOf = async (request: FastifyRequest, role: 'viewer' | 'editor') =>
    checkRole(await findSpaceAccess(ctx.db, userIdOf(request), (request.params as { id: string }).id), role);
  const authorOf = async (request: FastifyRequest) => {
    const id = userIdOf(request);
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
    return { id, name: row?.name ?? 'DIV' };
  };
  const tags = ['Git'];

  api.get(
    '/spaces/:id/git',
    {
      config: { feature: 'api.git.status' },
      schema: {
        summary: 'Estado de la conexión git de un proyecto',
        description:
          'URL, rama, último commit sincronizado, commit actual del remoto, versiones sin enviar (`ahead`), commits por traer (`behind`, null si no se pudo leer el remoto) y el último error. Nunca el token.',
        tags,
        params: idParams,
        response: { 200: gitStatusSchema, ...errors },
      },
    },
    async (request) => getStatus({ ctx, access: await accessOf(request, 'viewer') }),
  );

  api.put(
    '/spaces/:id/git',
    {
      config: { feature: 'api.git.connect' },
      schema: {
        summary: 'Conecta un proyecto a un repositorio git por HTTPS',
        description:
          'Comprueba el token contra el remoto (permiso de escritura) antes de guardar nada: un token rechazado o un remoto inalcanzable responde 400 con el motivo. El token se guarda cifrado y no se devuelve nunca.',
        tags,
        params: idParams,
        body: gitConnectBodySchema,
        response: { 200: gitStatusSchema, ...errors },
      },
    },
    async (request) => connect({ ctx, access: await accessOf(request, 'editor'), body: request.body }),
  );

  api.patch(
    '/spaces/:id/git',
    {
      config: { feature: 'api.git.settings' },
      schema: {
        summary: 'Activa o desactiva el envío automático de cada versión',
        description:
          'Con `autoPush`, cada versión nueva se envía en segundo plano (solo avance rápido: si el remoto avanzó no se sobrescribe y el motivo queda en `lastError`). Desactivado por defecto.',
        tags,
        params: idParams,
        body: gitSettingsBodySchema,
        response: { 200: gitStatusSchema, ...errors },
      },
    },
    async (request) => updateSettings({ ctx, access: await accessOf(request, 'editor'), body: request.body }),
  );

  api.delete(
    '/spaces/:id/git',
    {
      config: { feature: 'api.git.disconnect' },
      schema: {
        summary: 'Desconecta el repositorio git',
        tags,
        params: idParams,
        response: { 204: z.null().describe('Disconnected'), ...errors },
      },
    },
    async (request, reply) => {
      await disconnect({ ctx, access: await accessOf(request, 'editor') });
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/spaces/:id/git/push',
    {
      config: { feature: 'api.git.push' },
      schema: {
        summary: 'Envía el proyecto como un commit (solo avance rápido)',
        description:
          'Un commit sobre el último sincronizado. Si el remoto avanzó, responde 409 sin sobrescribir nada: trae primero sus cambios. Nunca fuerza.',
        tags,
        params: idParams,
        response: { 200: gitPushResponseSchema, ...errors },
      },
    },
    async (request) => push({ ctx, access: await accessOf(request, 'editor'), author: await authorOf(request) }),
  );

  api.post(
    '/spaces/:id/git/pull',
    {
      config: { feature: 'api.git.pull' },
      schema: {
        summary: 'Trae los commits nuevos del remoto como una versión',
        description:
          'Fusión a tres bandas contra el último commit sincronizado. Si los dos lados cambiaron las mismas líneas responde 409 con `files` y `conflicts` (las dos versiones de cada archivo) y el proyecto no cambia; `{ "resolutions": { "index.html": "ours" | "theirs" } }` elige un lado por archivo y crea la versión.',
        tags,
        params: idParams,
        body: gitPullBodySchema.nullish(),
        response: { 200: gitPullResponseSchema, ...errors },
      },
    },
    async (request) => {
      const access = await accessOf(request, 'editor');
      const result = await pull({ ctx, access, author: await authorOf(request), resolutions: request.body?.resolutions });
      if (result.changed) ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: null });
      return result;
    },
  );

  api.post(
    '/spaces/:id/git/resolve',
    {
      config: { feature: 'api.git.resolve' },
      schema: {
        summary: 'Resuelve un conflicto eligiendo un lado por archivo',
        description:
          'Con el `remoteCommit` y la `revision` del 409 de pull y `resolutions` (`"ours"` mantiene la versión del proyecto, `"theirs"` la del repositorio) crea la versión fusionada. Si el repositorio o el proyecto cambiaron desde entonces responde 409 sin cambiar nada; un archivo que no está en conflicto responde 400.',
        tags,
        params: idParams,
        body: gitResolveBodySchema,
        response: { 200: gitPullResponseSchema, ...errors },
      },
    },
    async (request) => {
      const access = await accessOf(request, 'editor');
      const { resolutions, remoteCommit, revision } = request.body;
      const result = await pull({
        ctx,
        access,
        author: await authorOf(request),
        resolutions,
        seen: { remoteCommit, revision },
      });
      if (result.changed) ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: null });
      return result;
    },
  );
}
