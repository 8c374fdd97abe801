import { v1FilesResponseSchema } from '@div/shared/developer-api';
import {
  createSpaceBodySchema,
  languageOf,
  listSpacesQuerySchema,
  listSpacesResponseSchema,
  listVersionsResponseSchema,
  spaceResponseSchema,
} from '@div/shared/spaces';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/params';
import { siteAddressingOf } from '../hosting/hosts';
import { createSpace } from '../spaces/create';
import { listSpacesJson } from '../spaces/read-json';
import { deleteSpace, getSpaceFiles } from '../spaces/service';
import { listVersions } from '../spaces/versions';
import type { V1Routes } from './v1';

/** /v1/spaces: list, create, delete, read the files and the versions of the key owner's projects. */
export function registerV1SpacesRoutes(v1: FastifyInstance, { ctx, stateOf, errors }: V1Routes) {
  const api = v1.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/spaces',
    {
      config: { feature: 'api.spaces.list' },
      schema: {
        summary: 'Lista tus proyectos, una página cada vez (nextCursor lleva a la siguiente)',
        tags: ['Spaces'],
        querystring: listSpacesQuerySchema,
        response: { 200: listSpacesResponseSchema, ...errors },
      },
    },
    async (request) =>
      JSON.parse(
        await listSpacesJson({
          db: ctx.db,
          userId: stateOf(request).owner.userId,
          sites: siteAddressingOf(ctx.config),
          ...request.query,
        }),
      ),
  );

  api.post(
    '/spaces',
    {
      config: { feature: 'api.spaces.create' },
      schema: {
        summary: 'Crea un proyecto',
        tags: ['Spaces'],
        body: createSpaceBodySchema,
        response: { 201: spaceResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const space = await createSpace({ db: ctx.db, userId: stateOf(request).owner.userId, name: request.body.name });
      return reply.status(201).send({ space });
    },
  );

  api.delete(
    '/spaces/:id',
    {
      config: { feature: 'api.spaces.delete' },
      schema: {
        summary: 'Elimina un proyecto',
        tags: ['Spaces'],
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSpace({ db: ctx.db, userId: stateOf(request).owner.userId, spaceId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/spaces/:id/files',
    {
      config: { feature: 'api.spaces.files' },
      schema: {
        summary: 'Lee los archivos actuales de un proyecto',
        tags: ['Spaces'],
        params: idParams,
        response: { 200: v1FilesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { files, revision } = await getSpaceFiles({
        db: ctx.db,
        userId: stateOf(request).owner.userId,
        spaceId: request.params.id,
      });
      return { files: files.map((f) => ({ path: f.path, content: f.content, language: languageOf(f.path) })), revision };
    },
  );

  api.get(
    '/spaces/:id/versions',
    {
      config: { feature: 'api.spaces.versions' },
      schema: {
        summary: 'Lista las versiones de un proyecto (la más reciente primero)',
        tags: ['Spaces'],
        params: idParams,
        response: { 200: listVersionsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      versions: await listVersions({ db: ctx.db, userId: stateOf(request).owner.userId, spaceId: request.params.id }),
    }),
  );
}
