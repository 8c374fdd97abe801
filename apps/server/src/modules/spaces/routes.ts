import {
  createSpaceBodySchema,
  createVersionBodySchema,
  listSpacesQuerySchema,
  listVersionsResponseSchema,
  MESSAGES,
  remixBodySchema,
  remixResponseSchema,
  remixSpaceResponseSchema,
  saveFilesBodySchema,
  saveFilesResponseSchema,
  sharedViewSchema,
  spaceResponseSchema,
  spaceThumbnailQuerySchema,
  spaceThumbnailResponseSchema,
  updateSpaceBodySchema,
  versionChangeResponseSchema,
  versionResponseSchema,
} from '@div/shared/spaces';
import { assemblePreview } from '@div/site-engine/assemble';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { compress, preferredEncoding } from '../../lib/encoding';
import { notFound, unauthenticated } from '../../lib/errors';
import { idParams, resourceId } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { storageOf } from '../../providers/storage/create';
import { bearerToken, requireUser } from '../auth/sessions';
import { hostingOf } from '../hosting/front-door';
import { siteAddressingOf } from '../hosting/hosts';
import { createSpace } from './create';
import { attachment, exportSpace } from './export';
import { FilesJsonCache, VersionedBufferCache, VersionedCache } from './files-cache';
import { getSpaceDetailBody, getSpaceDetailHead, listSpacesJson, type SpaceDetailHead } from './read-json';
import { findShared, remixSpace } from './remix';
import { startVersionRetention } from './retention';
import { deleteSpace, FILES_BODY_LIMIT, saveFiles } from './service';
import { updateSpace } from './space-changes';
import { spaceThumbnail } from './thumbnail';
import { getVersion, listVersions, resetSpace, restoreVersion, saveVersion } from './versions';

/** The ETag of a compressed representation: the content's, with the encoding named. */
const taggedFor = (etag: string, encoding: string) => `${etag.slice(0, -1)}-${encoding}"`;
/** The content's ETag of any representation's tag (the inverse of taggedFor). */
const untagged = (tag: string) => tag.replace(/-(?:br|gzip)"$/, '"');

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 8 * 1024;

const versionParams = idParams.extend({ versionId: resourceId });

export function registerSpacesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  const filesCache = new FilesJsonCache();
  const sites = siteAddressingOf(ctx.config);
  // Compressed answers (of GET /spaces/{id} per space and encoding, valid for one ETag; of the list
  // per user and encoding, valid for one spaces stamp).
  const packedCache = new VersionedBufferCache<string>(32 * 1024 * 1024);
  // Per user, valid for one spaces stamp (ADR 0136): the projects list, and each opened space's head.
  const listCache = new VersionedBufferCache<number>(16 * 1024 * 1024);
  const headCache = new VersionedCache<number, SpaceDetailHead>(
    8 * 1024 * 1024,
    (head) => head.space.length + head.versions.length + head.etag.length,
  );

  // One page (cursor) of JSON built by PostgreSQL (read-json.ts), of the shape
  // listSpacesResponseSchema; reused while the user's spaces stamp, read with the session, is
  // unchanged (ADR 0136).
  api.get('/spaces', { schema: { querystring: listSpacesQuerySchema } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { limit, cursor } = request.query;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    const page = `${user.id}:${limit ?? ''}:${cursor ?? ''}`;
    const list = await listCache.getOrBuild(page, user.spacesStamp, async () =>
      Buffer.from(await listSpacesJson({ db, userId: user.id, sites, limit, cursor }), 'utf8'),
    );
    if (encoding === 'identity' || list.length < COMPRESS_MIN_BYTES) return reply.send(list);
    const packed = await packedCache.getOrBuild(`list:${page}:${encoding}`, String(user.spacesStamp), () =>
      compress(list, encoding),
    );
    return reply.header('content-encoding', encoding).send(packed);
  });

  api.post(
    '/spaces',
    { schema: { body: createSpaceBodySchema, response: { 201: spaceResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const space = await createSpace({ db, userId: user.id, name: request.body.name });
      return reply.status(201).send({ space });
    },
  );

  // Answers prebuilt JSON bytes (see read-json.ts) of the shape spaceDetailResponseSchema;
  // the tests parse it with that schema.
  api.get('/spaces/:id', { schema: { params: idParams }, ...spaceRole('viewer') }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    // The role check rides in the head's query (lib/space-access.ts gives it the rule): any role reads.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const spaceId = request.params.id;
    // The owner check, summary and versions: reused while the user's spaces stamp is unchanged.
    const head = await headCache.getOrBuild(`${user.id}:${spaceId}`, user.spacesStamp, () =>
      getSpaceDetailHead({ db, userId: user.id, spaceId }),
    );
    // Private and revalidated every time: re-opening an unchanged space costs a 304. A compressed
    // answer's ETag names its encoding.
    reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    // Any representation's tag (plain or with its encoding) revalidates the same content.
    const matched = request.headers['if-none-match']?.split(/\s*,\s*/).find((tag) => untagged(tag) === head.etag);
    if (matched) return reply.header('etag', matched).status(304).send();
    // Readers with the same role get the same answer.
    const packedKey = `${spaceId}:${head.role}:${encoding}`;
    let packed = encoding === 'identity' ? undefined : packedCache.get(packedKey, head.etag);
    if (!packed) {
      const body = await getSpaceDetailBody(head, { db, userId: user.id, spaceId, cache: filesCache });
      if (encoding === 'identity' || body.length < COMPRESS_MIN_BYTES) return reply.header('etag', head.etag).send(body);
      // Megabytes of code travel compressed (3-6 times smaller), compressed once per version.
      packed = await compress(body, encoding);
      packedCache.set(packedKey, head.etag, packed);
    }
    reply.header('etag', taggedFor(head.etag, encoding));
    return reply.header('content-encoding', encoding).send(packed);
  });

  // The card's thumbnail on /spaces (ADR 0187): any role that may open the space may see it. The
  // list's revision rides in the query, so an unchanged space is drawn from the browser's cache.
  api.get(
    '/spaces/:id/thumbnail',
    {
      schema: { params: idParams, querystring: spaceThumbnailQuerySchema, response: { 200: spaceThumbnailResponseSchema } },
      ...spaceRole('viewer'),
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      await requireSpaceAccess(db, request, user.id, request.params.id);
      const thumbnail = await spaceThumbnail(ctx, request.params.id);
      const exact = request.query.revision === thumbnail.revision;
      return reply.header('cache-control', exact ? 'private, max-age=86400' : 'private, no-cache').send(thumbnail);
    },
  );

  api.patch(
    '/spaces/:id',
    { schema: { params: idParams, body: updateSpaceBodySchema, response: { 200: spaceResponseSchema } }, ...spaceRole('owner') },
    async (request) => {
      // The owner check rides in the update (one round trip, ADR 0138); a miss or a bad name is then
      // told apart: no valid session is a 401 before anything else, as on every route.
      const sessionToken = bearerToken(request);
      if (!sessionToken) throw unauthenticated();
      const space = await updateSpace({ db, sessionToken, spaceId: request.params.id, ...request.body }).catch(
        async (error: unknown) => {
          await requireUser(ctx, request);
          throw error;
        },
      );
      if (space) return { space };
      // Not changed: no session (401), a member without the owner's rights (403), or no such space (404).
      const user = await requireUser(ctx, request);
      await requireSpaceAccess(db, request, user.id, request.params.id);
      throw notFound(MESSAGES.notFound);
    },
  );

  api.delete('/spaces/:id', { schema: { params: idParams }, ...spaceRole('owner') }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const access = await requireSpaceAccess(db, request, user.id, request.params.id);
    await deleteSpace({ db, userId: access.ownerId, spaceId: request.params.id });
    filesCache.delete(request.params.id);
    for (const encoding of ['br', 'gzip']) packedCache.delete(`${request.params.id}:${encoding}`);
    // Its deployments and custom domains went with it (cascade): its site stops being served everywhere.
    await hostingOf(ctx)?.domainsChanged(request.params.id);
    return reply.status(204).send();
  });

  api.put(
    '/spaces/:id/files',
    {
      bodyLimit: FILES_BODY_LIMIT,
      schema: { params: idParams, body: saveFilesBodySchema, response: { 200: saveFilesResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(db, request, user.id, request.params.id);
      const saved = await saveFiles({ db, userId: access.ownerId, spaceId: request.params.id, body: request.body });
      ctx.realtime?.filesChanged(request.params.id);
      return saved;
    },
  );

  api.get(
    '/spaces/:id/versions',
    { schema: { params: idParams, response: { 200: listVersionsResponseSchema } }, ...spaceRole('viewer') },
    async (request) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(db, request, user.id, request.params.id);
      return { versions: await listVersions({ db, userId: access.ownerId, spaceId: request.params.id }) };
    },
  );

  api.post(
    '/spaces/:id/versions',
    {
      schema: { params: idParams, body: createVersionBodySchema.nullish(), response: { 201: versionChangeResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(db, request, user.id, request.params.id);
      const result = await saveVersion({
        db,
        userId: access.ownerId,
        authorId: user.id,
        spaceId: request.params.id,
        prompt: request.body?.prompt,
        source: request.body?.source,
      });
      return reply.status(201).send(result);
    },
  );

  api.get(
    '/spaces/:id/versions/:versionId',
    { schema: { params: versionParams, response: { 200: versionResponseSchema } }, ...spaceRole('viewer') },
    async (request) => {
      const user = await requireUser(ctx, request);
      const { id, versionId } = request.params;
      const access = await requireSpaceAccess(db, request, user.id, id);
      const version = await getVersion({ db, userId: access.ownerId, spaceId: id, versionId });
      return { version: { ...version, html: assemblePreview(version.files ?? []) } };
    },
  );

  api.post(
    '/spaces/:id/versions/:versionId/restore',
    { schema: { params: versionParams, response: { 201: versionChangeResponseSchema } }, ...spaceRole('editor') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const { id, versionId } = request.params;
      const access = await requireSpaceAccess(db, request, user.id, id);
      const restored = await restoreVersion({ db, userId: access.ownerId, authorId: user.id, spaceId: id, versionId });
      ctx.realtime?.filesChanged(id, { type: 'changed', reason: 'restore', by: user.name });
      return reply.status(201).send(restored);
    },
  );

  api.post(
    '/spaces/:id/reset',
    { schema: { params: idParams, response: { 201: versionChangeResponseSchema } }, ...spaceRole('editor') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const access = await requireSpaceAccess(db, request, user.id, request.params.id);
      const reset = await resetSpace({ db, userId: access.ownerId, authorId: user.id, spaceId: request.params.id });
      ctx.realtime?.filesChanged(request.params.id, { type: 'changed', reason: 'reset', by: user.name });
      return reply.status(201).send(reset);
    },
  );

  api.get('/spaces/:id/export', { schema: { params: idParams }, ...spaceRole('editor') }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const access = await requireSpaceAccess(db, request, user.id, request.params.id);
    // The export the owner's plan gives (ADR 0212: a shared space runs on its owner's plan).
    const file = await exportSpace({
      db,
      storage: storageOf(ctx),
      userId: access.ownerId,
      plan: access.ownerPlan,
      spaceId: request.params.id,
    });
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  // What a space shares with anyone (ADR 0210): no session needed; a private space answers 404.
  api.get('/remix/:id', { schema: { params: idParams, response: { 200: remixResponseSchema } } }, async (request) => {
    const shared = await findShared(db, request.params.id);
    if (!shared) throw notFound(MESSAGES.remixNotFound);
    return { html: assemblePreview(shared.files) };
  });

  api.get('/share/:id', { schema: { params: idParams, response: { 200: sharedViewSchema } } }, async (request, reply) => {
    const shared = await findShared(db, request.params.id);
    if (!shared) throw notFound(MESSAGES.shareNotFound);
    return reply.header('cache-control', 'no-store').send(shared);
  });

  // A copy of every file into a new space of the signed-in person (ADR 0210).
  api.post(
    '/remix',
    { schema: { body: remixBodySchema, response: { 201: remixSpaceResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const space = await remixSpace({ db, userId: user.id, ...request.body });
      return reply.status(201).send({ space });
    },
  );

  startVersionRetention(app, ctx);
}
