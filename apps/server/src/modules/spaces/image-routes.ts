import { updateImageBodySchema, updateImageResponseSchema } from '@div/shared/assets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { toSpaceImage } from '../assets/service';
import { requireUser } from '../auth/sessions';
import { updateImage } from './image-rename';

const imageParams = z.object({ id: z.string().min(1).max(100), imageId: z.string().min(1).max(100) });
/** Preview URLs are relative: the preview frame's document lives on the app's origin (ADR 0060). */
const PREVIEW_BASE = '';

/**
 * PATCH /spaces/:id/images/:imageId: renames an image (and its references in the files) or sets its
 * alt text; editors and the owner (ADR 0211). The other image routes are in assets/routes.ts.
 */
export function registerImageRenameRoute(api: FastifyInstance, ctx: AppContext) {
  api.withTypeProvider<ZodTypeProvider>().patch(
    '/spaces/:id/images/:imageId',
    {
      schema: { params: imageParams, body: updateImageBodySchema, response: { 200: updateImageResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const space = await requireSpaceAccess(ctx.db, request, user.id, request.params.id);
      const result = await updateImage(ctx, {
        spaceId: space.spaceId,
        ownerId: space.ownerId,
        imageId: request.params.imageId,
        ...request.body,
      });
      if (result.filesChanged) ctx.realtime?.filesChanged(space.spaceId, { type: 'changed', reason: 'files', by: user.name });
      return { image: toSpaceImage(result.row, PREVIEW_BASE), revision: result.revision };
    },
  );
}
