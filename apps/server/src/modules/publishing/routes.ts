import {
  analyticsResponseSchema,
  deployBodySchema,
  deployResponseSchema,
  listDeploymentsResponseSchema,
  listSitesResponseSchema,
  renameSlugBodySchema,
  seoResponseSchema,
  seoSettingsSchema,
  siteResponseSchema,
} from '@div/shared/publishing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { resourceId } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { hostingOf } from '../hosting/front-door';
import { sitesDomainOf } from '../hosting/hosts';
import { FILES_BODY_LIMIT } from '../spaces/service';
import { getAnalytics } from './analytics';
import { activateDeployment, deploySpace, listDeployments } from './deploy';
import { startDeploymentRetention } from './retention';
import { getSeo, updateSeo } from './seo';
import { getSite, listSites, renameSlug } from './sites';

const spaceParams = z.object({ spaceId: resourceId });

export function registerPublishingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  /** The signed-in user's access to the route's space, at the role the route declared. */
  const accessOf = async (request: FastifyRequest) => {
    const user = await requireUser(ctx, request);
    return requireSpaceAccess(db, request, user.id, (request.params as { spaceId: string }).spaceId);
  };
  startDeploymentRetention(app, ctx);

  api.post(
    '/deploy',
    {
      bodyLimit: FILES_BODY_LIMIT,
      schema: { body: deployBodySchema, response: { 200: deployResponseSchema } },
      ...spaceRole('editor'),
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      // A member publishes the owner's site, on the owner's plan (ADR 0212).
      const access = await requireSpaceAccess(db, request, user.id, request.body.spaceId);
      const deployed = await deploySpace({ ctx, userId: access.ownerId, plan: access.ownerPlan, ...request.body });
      // The others in the space see the site go live (issue 25, ADR 0213).
      ctx.realtime?.filesChanged(request.body.spaceId, { type: 'changed', reason: 'deploy', by: user.name });
      return deployed;
    },
  );

  api.get('/sites', { schema: { response: { 200: listSitesResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    const sites = await listSites({ db, config: ctx.config, userId: user.id });
    return { sites, sitesDomain: sitesDomainOf(ctx.config), serverIp: ctx.config.SERVER_IP, plan: user.plan };
  });

  api.get(
    '/sites/:spaceId',
    { schema: { params: spaceParams, response: { 200: siteResponseSchema } }, ...spaceRole('viewer') },
    async (request) => {
      const access = await accessOf(request);
      return { site: await getSite({ db, config: ctx.config, userId: access.ownerId, spaceId: request.params.spaceId }) };
    },
  );

  api.put(
    '/sites/:spaceId/slug',
    { schema: { params: spaceParams, body: renameSlugBodySchema, response: { 200: siteResponseSchema } }, ...spaceRole('owner') },
    async (request) => {
      const { ownerId } = await accessOf(request);
      const { spaceId } = request.params;
      await renameSlug({ db, userId: ownerId, spaceId, slug: request.body.slug });
      await hostingOf(ctx)?.invalidate(spaceId);
      return { site: await getSite({ db, config: ctx.config, userId: ownerId, spaceId }) };
    },
  );

  api.get(
    '/sites/:spaceId/deployments',
    { schema: { params: spaceParams, response: { 200: listDeploymentsResponseSchema } }, ...spaceRole('editor') },
    async (request) => {
      const { ownerId } = await accessOf(request);
      return { deployments: await listDeployments({ ctx, userId: ownerId, spaceId: request.params.spaceId }) };
    },
  );

  api.post(
    '/sites/:spaceId/deployments/:deploymentId/activate',
    {
      schema: {
        params: spaceParams.extend({ deploymentId: resourceId }),
        response: { 200: deployResponseSchema },
      },
      ...spaceRole('editor'),
    },
    async (request) => {
      const { ownerId } = await accessOf(request);
      return activateDeployment({ ctx, userId: ownerId, ...request.params });
    },
  );

  api.get(
    '/sites/:spaceId/seo',
    { schema: { params: spaceParams, response: { 200: seoResponseSchema } }, ...spaceRole('editor') },
    async (request) => {
      const { ownerId } = await accessOf(request);
      return { seo: await getSeo({ db, userId: ownerId, spaceId: request.params.spaceId }) };
    },
  );

  api.put(
    '/sites/:spaceId/seo',
    { schema: { params: spaceParams, body: seoSettingsSchema, response: { 200: seoResponseSchema } }, ...spaceRole('editor') },
    async (request) => {
      const { ownerId, ownerPlan } = await accessOf(request);
      const seo = await updateSeo({ db, userId: ownerId, plan: ownerPlan, spaceId: request.params.spaceId, seo: request.body });
      return { seo };
    },
  );

  api.get(
    '/sites/:spaceId/analytics',
    {
      schema: {
        params: spaceParams,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
        response: { 200: analyticsResponseSchema },
      },
      ...spaceRole('editor'),
    },
    async (request) => {
      const { ownerId, ownerPlan } = await accessOf(request);
      const { spaceId } = request.params;
      return getAnalytics({ ctx, userId: ownerId, plan: ownerPlan, spaceId, days: request.query.days });
    },
  );
}
