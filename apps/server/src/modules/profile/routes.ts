import { profileEditSchema, profileResponseSchema, profileSaveResponseSchema } from '@div/shared/profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { idParams } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { profileKinds } from '../../providers/ai/composer/profile-site';
import { requireUser } from '../auth/sessions';
import { editProfile, readFirstRead, readProfile } from './service';

/**
 * `/api/spaces/{id}/profile` ("Lo que entendí", issue 37): members read what the composer
 * understood; owners and editors correct it. The body is read only after signing in (the app's
 * error handler answers 401 first for a signed-out request, ADR 0150).
 */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/spaces/:id/profile',
    { schema: { params: idParams, response: { 200: profileResponseSchema } }, ...spaceRole('viewer') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      return reply.header('cache-control', 'no-store').send({
        profile: await readProfile(ctx.db, access.spaceId),
        kinds: profileKinds(),
        firstRead: await readFirstRead(ctx.db, access.spaceId),
      });
    },
  );

  api.put(
    '/spaces/:id/profile',
    {
      schema: { params: idParams, body: profileEditSchema, response: { 200: profileSaveResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const result = await editProfile({ ctx, access, authorId: user.id, edit: request.body });
      if (result.version) ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: user.name });
      return result;
    },
  );
}
