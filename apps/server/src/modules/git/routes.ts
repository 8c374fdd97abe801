import {
  gitConnectBodySchema,
  gitPullBodySchema,
  gitPullResponseSchema,
  gitPushResponseSchema,
  gitResolveBodySchema,
  gitSettingsBodySchema,
  gitStatusSchema,
} from '@div/shared/git';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { idParams } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { connect, disconnect, getStatus, updateSettings } from './connection';
import { pull, push } from './sync';

/**
 * `/api/spaces/{id}/git` (issue 41): members see the status; owners and editors connect, push and
 * pull; the token is accepted here and never answered.
 */
export function registerGitRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/spaces/:id/git',
    { schema: { params: idParams, response: { 200: gitStatusSchema } }, ...spaceRole('viewer') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      return reply.headers(noStore).send(await getStatus({ ctx, access }));
    },
  );

  api.put(
    '/spaces/:id/git',
    { schema: { params: idParams, body: gitConnectBodySchema, response: { 200: gitStatusSchema } }, ...spaceRole('editor') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      return reply.headers(noStore).send(await connect({ ctx, access, body: request.body }));
    },
  );

  api.patch(
    '/spaces/:id/git',
    { schema: { params: idParams, body: gitSettingsBodySchema, response: { 200: gitStatusSchema } }, ...spaceRole('editor') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      return reply.headers(noStore).send(await updateSettings({ ctx, access, body: request.body }));
    },
  );

  api.delete('/spaces/:id/git', { schema: { params: idParams }, ...spaceRole('editor') }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
    await disconnect({ ctx, access });
    return reply.status(204).send();
  });

  api.post(
    '/spaces/:id/git/push',
    { schema: { params: idParams, response: { 200: gitPushResponseSchema } }, ...spaceRole('editor') },
    async (request) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      return push({ ctx, access, author: user });
    },
  );

  api.post(
    '/spaces/:id/git/pull',
    {
      schema: { params: idParams, body: gitPullBodySchema.nullish(), response: { 200: gitPullResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const result = await pull({ ctx, access, author: user, resolutions: request.body?.resolutions });
      if (result.changed) ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: user.name });
      return result;
    },
  );

  api.post(
    '/spaces/:id/git/resolve',
    {
      schema: { params: idParams, body: gitResolveBodySchema, response: { 200: gitPullResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const { resolutions, remoteCommit, revision } = request.body;
      const result = await pull({ ctx, access, author: user, resolutions, seen: { remoteCommit, revision } });
      if (result.changed) ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: user.name });
      return result;
    },
  );
}
