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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../auth/sessions';
import { hostingOf } from '../hosting/hosting';
import { sitesDomainOf } from '../hosting/hosts';
import { FILES_BODY_LIMIT } from '../spaces/routes';
import { getAnalytics } from './analytics';
import { activateDeployment, deploySpace, listDeployments } from './deploy';
import { startDeploymentRetention } from './retention';
import { getSeo, updateSeo } from './seo';
import { getSite, listSites, renameSlug } from './sites';

const spaceParams = z.object({ spaceId: z.string().min(1).max(100) });

export function registerPublishingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  startDeploymentRetention(app, ctx);

  api.post(
    '/deploy',
    { bodyLimit: FILES_BODY_LIMIT, schema: { body: deployBodySchema, response: { 200: deployResponseSchema } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      return deploySpace({ ctx, userId: user.id, plan: user.plan, ...request.body });
    },
  );

  api.get('/sites', { schema: { response: { 200: listSitesResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    const sites = await listSites({ db, config: ctx.config, userId: user.id });
    return { sites, sitesDomain: sitesDomainOf(ctx.config), serverIp: ctx.config.SERVER_IP, plan: user.plan };
  });

  api.get('/sites/:spaceId', { schema: { params: spaceParams, response: { 200: siteResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { site: await getSite({ db, config: ctx.config, userId: user.id, spaceId: request.params.spaceId }) };
  });

  api.put(
    '/sites/:spaceId/slug',
    { schema: { params: spaceParams, body: renameSlugBodySchema, response: { 200: siteResponseSchema } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      const { spaceId } = request.params;
      await renameSlug({ db, userId: user.id, spaceId, slug: request.body.slug });
      await hostingOf(ctx)?.invalidate(spaceId);
      return { site: await getSite({ db, config: ctx.config, userId: user.id, spaceId }) };
    },
  );

  api.get(
    '/sites/:spaceId/deployments',
    { schema: { params: spaceParams, response: { 200: listDeploymentsResponseSchema } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      return { deployments: await listDeployments({ ctx, userId: user.id, spaceId: request.params.spaceId }) };
    },
  );

  api.post(
    '/sites/:spaceId/deployments/:deploymentId/activate',
    {
      schema: {
        params: spaceParams.extend({ deploymentId: z.string().min(1).max(100) }),
        response: { 200: deployResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      return activateDeployment({ ctx, userId: user.id, ...request.params });
    },
  );

  api.get('/sites/:spaceId/seo', { schema: { params: spaceParams, response: { 200: seoResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { seo: await getSeo({ db, userId: user.id, spaceId: request.params.spaceId }) };
  });

  api.put(
    '/sites/:spaceId/seo',
    { schema: { params: spaceParams, body: seoSettingsSchema, response: { 200: seoResponseSchema } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      const seo = await updateSeo({ db, userId: user.id, plan: user.plan, spaceId: request.params.spaceId, seo: request.body });
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
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      return getAnalytics({ ctx, userId: user.id, plan: user.plan, spaceId: request.params.spaceId, days: request.query.days });
    },
  );
}
