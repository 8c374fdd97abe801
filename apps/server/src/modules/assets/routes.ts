import {
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  listImagesResponseSchema,
  uploadImageQuerySchema,
  uploadImageResponseSchema,
} from '@div/shared/assets';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { requireSpaceAccess, type SpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { deleteImage, IMMUTABLE, imageStorage, listImages, readVariant, toSpaceImage, uploadImage } from './service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const imageParams = idParams.extend({ imageId: z.string().min(1).max(100) });
/** Preview URLs are relative: the preview frame's document lives on the app's origin (ADR 0060). */
const PREVIEW_BASE = '';

/**
 * A space's images (issue 24): listed by anyone in the space, uploaded, renamed and deleted by
 * editors and the owner (ADR 0211). Uploads are the raw bytes (any content type: the type is read
 * from the bytes), the name in the query string.
 */
export function registerAssetsRoutes(api: FastifyInstance, ctx: AppContext) {
  const access = async (request: FastifyRequest): Promise<SpaceAccess> => {
    const user = await requireUser(ctx, request);
    return requireSpaceAccess(ctx.db, request, user.id, (request.params as { id: string }).id);
  };

  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/spaces/:id/images',
    { schema: { params: idParams, response: { 200: listImagesResponseSchema } }, ...spaceRole('viewer') },
    async (request) => {
      const space = await access(request);
      const [rows, storage] = await Promise.all([
        listImages(ctx, space.spaceId),
        imageStorage(ctx, space.ownerId, space.ownerPlan),
      ]);
      return { images: rows.map((row) => toSpaceImage(row, PREVIEW_BASE)), storage };
    },
  );

  typed.delete(
    '/spaces/:id/images/:imageId',
    { schema: { params: imageParams }, ...spaceRole('editor') },
    async (request, reply) => {
      const space = await access(request);
      await deleteImage(ctx, space.spaceId, request.params.imageId);
      return reply.status(204).send();
    },
  );

  // The upload's body is the file itself, whatever type it declares (the type is read from the bytes).
  void api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.post(
      '/spaces/:id/images',
      {
        bodyLimit: IMAGE_MAX_BYTES,
        schema: { params: idParams, querystring: uploadImageQuerySchema, response: { 201: uploadImageResponseSchema } },
        ...spaceRole('editor'),
        // Who and how large, from the headers, before a byte of the body is read (ADR 0150).
        // The role first: a stranger's or a viewer's upload answers 404/403 whatever its size.
        onRequest: async (request) => {
          await access(request);
          if (Number(request.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES) {
            throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
          }
        },
      },
      async (request, reply) => {
        const space = await access(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const row = await uploadImage(ctx, {
          spaceId: space.spaceId,
          ownerId: space.ownerId,
          plan: space.ownerPlan,
          fileName: request.query.name,
          alt: request.query.alt,
          body,
        });
        const storage = await imageStorage(ctx, space.ownerId, space.ownerPlan);
        return reply.status(201).send({ image: toSpaceImage(row, PREVIEW_BASE), storage });
      },
    );
  });
}

/**
 * The preview's copy of an image variant (outside /api, like the preview host, ADR 0060). The
 * preview frame has an opaque origin and sends no credentials, so the URL itself is the key: it
 * names the space and the first 128 bits of the SHA-256 of the uploaded bytes, which only someone
 * who has the image can form (ADR 0202). Allowed into cross-origin frames; cached for ever.
 */
export function registerImagePreviewRoute(app: FastifyInstance, ctx: AppContext) {
  const params = z.object({ spaceId: z.string().min(1).max(100), file: z.string().min(1).max(100) });
  app.get('/preview/images/:spaceId/:file', async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = params.safeParse(request.params);
    const body = parsed.success ? await readVariant(ctx, parsed.data.spaceId, parsed.data.file) : undefined;
    if (!body) return reply.status(404).send({ message: IMAGE_MESSAGES.notFound, code: 'NOT_FOUND' });
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', IMMUTABLE)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(body);
  });
}
