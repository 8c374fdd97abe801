import { checkoutRequestSchema, redirectUrlResponseSchema } from '@div/shared/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { billingProviderOf } from '../../providers/billing/create';
import { requireUser } from '../auth/sessions';
import { applyBillingEvent, createCheckout, createPortal } from './service';

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/payment/create-checkout-session',
    { schema: { body: checkoutRequestSchema, response: { 200: redirectUrlResponseSchema } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      return createCheckout({ ctx, userId: user.id, priceId: request.body.priceId });
    },
  );

  api.post('/payment/portal', { schema: { response: { 200: redirectUrlResponseSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return createPortal({ ctx, userId: user.id });
  });

  // The webhook sits in its own plugin so its JSON body stays raw bytes: the signature is over them.
  app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    webhook.post('/payment/webhook', { config: { public: true } }, async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new AppError('BAD_REQUEST', 'Cuerpo del webhook ausente');
      const signature = request.headers['stripe-signature'];
      let event: Awaited<ReturnType<ReturnType<typeof billingProviderOf>['verifyWebhook']>>;
      try {
        event = await billingProviderOf(ctx).verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        request.log.warn({ err: error }, 'webhook rejected');
        throw new AppError('BAD_REQUEST', 'Firma del webhook no válida');
      }
      const { applied } = await applyBillingEvent({ ctx, event });
      return reply.send({ received: true, duplicate: !applied });
    });
  });
}
