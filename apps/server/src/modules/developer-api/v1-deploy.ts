import { deployResponseSchema } from '@div/shared/publishing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/params';
import { deploySpace } from '../publishing/deploy';
import type { V1Routes } from './v1';

/** POST /v1/spaces/:id/deploy: publishes the current files. */
export function registerV1DeployRoutes(v1: FastifyInstance, { ctx, stateOf, errors }: V1Routes) {
  const api = v1.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/spaces/:id/deploy',
    {
      config: { feature: 'api.deploy' },
      schema: {
        summary: 'Publica los archivos actuales de un proyecto y devuelve su URL',
        tags: ['Publishing'],
        params: idParams,
        response: { 200: deployResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { owner } = stateOf(request);
      return deploySpace({ ctx, userId: owner.userId, plan: owner.plan, spaceId: request.params.id });
    },
  );
}
