import { addDomainBodySchema, domainResponseSchema, listDomainsResponseSchema } from '@div/shared/publishing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { idParams } from '../../lib/params';
import { requireSpaceAccess, spaceRole } from '../../lib/space-access';
import { requireUser } from '../auth/sessions';
import { createDnsLookup, type DnsLookup } from './dns';
import { addDomain, listDomains, recheckPendingDomains, removeDomain, setDefaultDomain, verifyDomain } from './service';

export function registerDomainsRoutes(app: FastifyInstance, ctx: AppContext, dns?: DnsLookup) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lookup = dns ?? createDnsLookup({ server: ctx.config.DNS_RESOLVER, timeoutMs: ctx.config.DNS_TIMEOUT_MS });

  // Pending domains are looked up again in the background during their first 72 hours.
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        await recheckPendingDomains({ ctx, dns: lookup });
      } catch (error) {
        ctx.log.warn({ err: error }, 'domain re-check failed');
      } finally {
        running = false;
      }
    }, ctx.config.DOMAIN_RECHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  api.get('/domains', { schema: { response: { 200: listDomainsResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { domains: await listDomains({ ctx, userId: user.id }) };
  });

  api.post(
    '/domains',
    { schema: { body: addDomainBodySchema, response: { 201: domainResponseSchema } }, ...spaceRole('owner') },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      // Custom domains are the owner's (they live on the owner's plan and DNS).
      await requireSpaceAccess(ctx.db, request, user.id, request.body.spaceId);
      const domain = await addDomain({ ctx, userId: user.id, plan: user.plan, ...request.body });
      return reply.status(201).send({ domain });
    },
  );

  api.post('/domains/:id/verify', { schema: { params: idParams, response: { 200: domainResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { domain: await verifyDomain({ ctx, dns: lookup, userId: user.id, id: request.params.id }) };
  });

  api.post('/domains/:id/default', { schema: { params: idParams, response: { 200: domainResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { domain: await setDefaultDomain({ ctx, userId: user.id, id: request.params.id }) };
  });

  api.delete('/domains/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    await removeDomain({ ctx, userId: user.id, id: request.params.id });
    return reply.status(204).send();
  });
}
