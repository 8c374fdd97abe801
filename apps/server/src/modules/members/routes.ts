import {
  acceptResponseSchema,
  changeRoleBodySchema,
  invitationPreviewSchema,
  inviteBodySchema,
  inviteResponseSchema,
  memberResponseSchema,
  membersResponseSchema,
  sharedSpacesResponseSchema,
} from '@div/shared/members';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceId } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { siteAddressingOf } from '../hosting/hosts';
import { invitationLocale, sendInvitation } from './invitation-mail';
import {
  acceptInvitation,
  changeRole,
  invite,
  listMembers,
  listShared,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from './service';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Members, invitations and the spaces shared with the signed-in person (issue 25, ADR 0211). */
export function registerMembersRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  hooks: { membersChanged?: (spaceId: string) => void } = {},
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  const changed = (spaceId: string) => hooks.membersChanged?.(spaceId);
  const accessOf = async (request: FastifyRequest) => {
    const user = await requireUser(ctx, request);
    const access = await requireSpaceAccess(db, request, user.id, (request.params as { id: string }).id);
    return { user, access };
  };

  api.get(
    '/spaces/:id/members',
    { schema: { params: idParams, response: { 200: membersResponseSchema } }, ...spaceRole('viewer') },
    async (request) => listMembers(db, (await accessOf(request)).access),
  );

  api.post(
    '/spaces/:id/invitations',
    { schema: { params: idParams, body: inviteBodySchema, response: { 201: inviteResponseSchema } }, ...spaceRole('owner') },
    async (request, reply) => {
      const { user, access } = await accessOf(request);
      const { email, role, locale } = request.body;
      const { invitation, link, spaceName } = await invite({
        db,
        access,
        inviterId: user.id,
        email,
        role,
        publicUrl: ctx.config.publicUrl,
      });
      const emailed = await sendInvitation(ctx, {
        to: invitation.email,
        inviter: user.name,
        spaceName,
        role,
        link,
        locale: invitationLocale(locale, request.headers['accept-language']),
      });
      return reply.status(201).send({ invitation, link, emailed });
    },
  );

  api.delete(
    '/spaces/:id/invitations/:invitationId',
    { schema: { params: idParams.extend({ invitationId: resourceId }) }, ...spaceRole('owner') },
    async (request, reply) => {
      const { access } = await accessOf(request);
      await revokeInvitation(db, access.spaceId, request.params.invitationId);
      return reply.status(204).send();
    },
  );

  const memberParams = idParams.extend({ userId: resourceId });
  api.patch(
    '/spaces/:id/members/:userId',
    {
      schema: { params: memberParams, body: changeRoleBodySchema, response: { 200: memberResponseSchema } },
      ...spaceRole('owner'),
    },
    async (request) => {
      const { access } = await accessOf(request);
      const member = await changeRole(db, access, request.params.userId, request.body.role);
      changed(access.spaceId);
      return { member };
    },
  );

  api.delete(
    '/spaces/:id/members/:userId',
    { schema: { params: memberParams }, ...spaceRole('owner') },
    async (request, reply) => {
      const { access } = await accessOf(request);
      await removeMember(db, access.spaceId, request.params.userId);
      changed(access.spaceId);
      return reply.status(204).send();
    },
  );

  // A member leaves a space shared with them (the owner cannot: they delete it instead).
  api.post('/spaces/:id/leave', { schema: { params: idParams }, ...spaceRole('viewer') }, async (request, reply) => {
    const { user, access } = await accessOf(request);
    if (access.role === 'owner')
      return reply.status(400).send({ message: 'El propietario no puede salir de su proyecto.', code: 'BAD_REQUEST' });
    await removeMember(db, access.spaceId, user.id);
    changed(access.spaceId);
    return reply.status(204).send();
  });

  // What an invitation link is for: shown before signing in, so no session is needed.
  api.get(
    '/invitations/:token',
    { schema: { params: tokenParams, response: { 200: invitationPreviewSchema } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await previewInvitation(db, request.params.token)),
  );

  api.post(
    '/invitations/:token/accept',
    { schema: { params: tokenParams, response: { 200: acceptResponseSchema } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      const accepted = await acceptInvitation(db, user, request.params.token);
      changed(accepted.spaceId);
      return accepted;
    },
  );

  api.get('/shared-spaces', { schema: { response: { 200: sharedSpacesResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { spaces: await listShared(db, user.id, siteAddressingOf(ctx.config)) };
  });
}
