import {
  applyDesignBodySchema,
  designChangeResponseSchema,
  designPreviewResponseSchema,
  designsResponseSchema,
  heroImageBodySchema,
} from '@div/shared/design';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { applyDesign, listDesigns, previewDesign, useHeroImage } from './service';

const familyParams = idParams.extend({ family: z.string().min(1).max(40) });

/**
 * `/api/spaces/{id}/designs`, `/design` and `/hero-image` (issue 38): members see the other design
 * families and a preview of the site in each; editors apply one, or put an image in the hero. No AI
 * message is used.
 */
export function registerDesignRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/spaces/:id/designs',
    { schema: { params: idParams, response: { 200: designsResponseSchema } }, ...spaceRole('viewer') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      return reply.header('cache-control', 'no-store').send(await listDesigns(ctx, access));
    },
  );

  api.get(
    '/spaces/:id/designs/:family/preview',
    { schema: { params: familyParams, response: { 200: designPreviewResponseSchema } }, ...spaceRole('viewer') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const html = await previewDesign(ctx, access, request.params.family);
      return reply.header('cache-control', 'no-store').send({ html });
    },
  );

  api.post(
    '/spaces/:id/design',
    {
      schema: { params: idParams, body: applyDesignBodySchema, response: { 201: designChangeResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const result = await applyDesign({ ctx, access, authorId: user.id, family: request.body.family });
      ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: user.name });
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/spaces/:id/hero-image',
    {
      schema: { params: idParams, body: heroImageBodySchema, response: { 201: designChangeResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const result = await useHeroImage({ ctx, access, authorId: user.id, name: request.body.name });
      ctx.realtime?.filesChanged(access.spaceId, { type: 'changed', reason: 'files', by: user.name });
      return reply.status(201).send(result);
    },
  );
}
