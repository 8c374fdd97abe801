import { randomUUID } from 'node:crypto';
import { developerPlans, formatCount, plans } from '@div/shared/plans';
import { formatDateEs } from '@div/shared/usage-display';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { billingProviderOf } from '../../providers/billing/create';
import { LocalBillingProvider } from '../../providers/billing/local';
import { type PricedPlan, priceCatalogue } from './prices';
import { applyBillingEvent } from './service';

/**
 * The local billing provider's hosted pages (checkout and portal), served by the app when
 * STRIPE_SECRET_KEY is unset. Reached through signed, short-lived links made by the provider.
 * Confirming applies the plan through the same code path as a Stripe webhook (applyBillingEvent).
 */
export function registerLocalBillingPages(app: FastifyInstance, ctx: AppContext) {
  app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const local = () => {
      const provider = billingProviderOf(ctx);
      return provider instanceof LocalBillingProvider ? provider : null;
    };

    pages.get<{ Querystring: { token?: string } }>('/local/billing/checkout', async (request, reply) => {
      const provider = local();
      if (!provider) return notAvailable(reply);
      const link = provider.verifyLink(request.query.token, 'checkout');
      if (!link?.priceId) return expired(reply);
      const priced = priceCatalogue(ctx.config).get(link.priceId);
      if (!priced) return expired(reply);
      const { name, priceText, detail } = describe(priced);
      return html(
        reply,
        'Pago — Modo local',
        `<p class="badge">Modo local</p>
        <h1>Confirmar suscripción</h1>
        <p class="muted">Pago simulado: no se realiza ningún cargo. Con STRIPE_SECRET_KEY configurado, este paso lo hace Stripe Checkout.</p>
        <div class="card"><h2>Plan ${esc(name)}</h2><p class="price">${esc(priceText)} <span>/ mes</span></p><p>${esc(detail)}</p></div>
        <form method="post" action="/local/billing/checkout">
          <input type="hidden" name="token" value="${esc(request.query.token ?? '')}">
          <button type="submit">Confirmar y pagar ${esc(priceText)}</button>
        </form>
        <p><a href="${esc(link.cancelUrl ?? '/')}">Cancelar y volver</a></p>`,
      );
    });

    pages.post('/local/billing/checkout', async (request, reply) => {
      const provider = local();
      if (!provider) return notAvailable(reply);
      const form = pageForm.safeParse(request.body ?? {});
      if (!form.success) return expired(reply);
      const link = provider.verifyLink(form.data.token, 'checkout');
      if (!link?.priceId) return expired(reply);
      const catalogue = priceCatalogue(ctx.config);
      const priced = catalogue.get(link.priceId);
      if (!priced) return expired(reply);
      await provider.subscribe({
        customerId: link.customerId,
        priceId: link.priceId,
        samePlanKindPriceIds: sameKind(catalogue, priced),
      });
      await applyBillingEvent({
        ctx,
        event: {
          id: `local_evt_${randomUUID()}`,
          type: 'checkout.session.completed',
          customerId: link.customerId,
          userId: link.userId,
        },
      });
      return reply.redirect(link.successUrl ?? '/', 303);
    });

    pages.get<{ Querystring: { token?: string } }>('/local/billing/portal', async (request, reply) => {
      const provider = local();
      if (!provider) return notAvailable(reply);
      const token = request.query.token;
      const link = provider.verifyLink(token, 'portal');
      if (!link) return expired(reply);
      const catalogue = priceCatalogue(ctx.config);
      // Time has passed since the last visit (a renewal, a cancellation that took effect): apply it
      // as Stripe's own webhooks would.
      await applyBillingEvent({
        ctx,
        event: {
          id: `local_evt_${randomUUID()}`,
          type: 'customer.subscription.updated',
          customerId: link.customerId,
          userId: null,
        },
      });
      const subs = (await provider.listSubscriptions(link.customerId)).filter((s) => s.status === 'active');
      const rows = subs
        .map((sub) => {
          const priced = catalogue.get(sub.priceIds[0] ?? '');
          if (!priced) return '';
          const { name, priceText } = describe(priced);
          const end = sub.currentPeriodEnd ? formatDateEs(sub.currentPeriodEnd) : '';
          const others = [...catalogue]
            .filter(([id, p]) => p.kind === priced.kind && id !== sub.priceIds[0])
            .map(
              ([id, p]) =>
                `<button name="priceId" value="${esc(id)}" type="submit" class="secondary">Cambiar a ${esc(describe(p).name)}</button>`,
            )
            .join(' ');
          return `<div class="card">
            <h2>${esc(name)} <span class="muted">${esc(priceText)} / mes</span></h2>
            <p>${sub.cancelAtPeriodEnd ? `Se cancelará el ${esc(end)}; después vuelves al plan gratuito.` : `Se renueva el ${esc(end)}.`}</p>
            <form method="post" action="/local/billing/portal">
              <input type="hidden" name="token" value="${esc(token ?? '')}">
              <input type="hidden" name="subscriptionId" value="${esc(sub.id)}">
              <input type="hidden" name="action" value="change">
              ${others}
            </form>
            <form method="post" action="/local/billing/portal">
              <input type="hidden" name="token" value="${esc(token ?? '')}">
              <input type="hidden" name="subscriptionId" value="${esc(sub.id)}">
              <input type="hidden" name="action" value="${sub.cancelAtPeriodEnd ? 'resume' : 'cancel'}">
              <button type="submit" class="${sub.cancelAtPeriodEnd ? 'secondary' : 'danger'}">${sub.cancelAtPeriodEnd ? 'Reanudar suscripción' : 'Cancelar suscripción'}</button>
            </form>
          </div>`;
        })
        .join('');
      return html(
        reply,
        'Gestionar suscripción — Modo local',
        `<p class="badge">Modo local</p>
        <h1>Gestionar suscripción</h1>
        <p class="muted">Portal de facturación simulado. Con STRIPE_SECRET_KEY configurado, este paso lo hace el portal de Stripe.</p>
        ${rows || '<div class="card"><p>No tienes suscripciones activas: estás en el plan gratuito.</p></div>'}
        <p><a href="${esc(link.returnUrl ?? '/')}">Volver a DIV</a></p>`,
      );
    });

    pages.post('/local/billing/portal', async (request, reply) => {
      const provider = local();
      if (!provider) return notAvailable(reply);
      const form = pageForm.safeParse(request.body ?? {});
      if (!form.success) return expired(reply);
      const body = form.data;
      const link = provider.verifyLink(body.token, 'portal');
      if (!link || !body.subscriptionId) return expired(reply);
      const catalogue = priceCatalogue(ctx.config);
      if (body.action === 'cancel' || body.action === 'resume') {
        await provider.setCancelAtPeriodEnd({
          customerId: link.customerId,
          subscriptionId: body.subscriptionId,
          cancel: body.action === 'cancel',
        });
      } else if (body.action === 'change' && body.priceId && catalogue.has(body.priceId)) {
        const priced = catalogue.get(body.priceId) as PricedPlan;
        await provider.subscribe({
          customerId: link.customerId,
          priceId: body.priceId,
          samePlanKindPriceIds: sameKind(catalogue, priced),
        });
      }
      await applyBillingEvent({
        ctx,
        event: {
          id: `local_evt_${randomUUID()}`,
          type: 'customer.subscription.updated',
          customerId: link.customerId,
          userId: null,
        },
      });
      return reply.redirect(`/local/billing/portal?token=${encodeURIComponent(body.token ?? '')}`, 303);
    });
  });
}

/**
 * What the pages' forms post (urlencoded, or JSON from any client): strings only, so a `{"token":1}`
 * is a refused link (400), not a 500.
 */
const pageForm = z.object({
  token: z.string().max(4096).optional(),
  subscriptionId: z.string().max(200).optional(),
  action: z.string().max(20).optional(),
  priceId: z.string().max(200).optional(),
});

function sameKind(catalogue: Map<string, PricedPlan>, priced: PricedPlan): string[] {
  return [...catalogue].filter(([, p]) => p.kind === priced.kind).map(([id]) => id);
}

function describe(priced: PricedPlan): { name: string; priceText: string; detail: string } {
  if (priced.kind === 'regular') {
    const plan = plans[priced.plan];
    return { name: plan.name, priceText: plan.priceText, detail: `${formatCount(plan.messagesPerMonth)} mensajes al mes` };
  }
  const plan = developerPlans[priced.plan];
  return {
    name: `${plan.name} (desarrolladores)`,
    priceText: plan.priceText,
    detail: `${formatCount(plan.requestsPerMonth)} peticiones al mes, ${plan.requestsPerMinute} por minuto`,
  };
}

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function notAvailable(reply: FastifyReply) {
  return reply.status(404).type('text/plain; charset=utf-8').send('Facturación local no disponible: Stripe está configurado.');
}

function expired(reply: FastifyReply) {
  return html(
    reply.status(400),
    'Enlace no válido — Modo local',
    '<p class="badge">Modo local</p><h1>Enlace no válido o caducado</h1><p><a href="/pricing">Volver a los planes</a></p>',
  );
}

function html(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{max-width:34rem;margin:3rem auto;padding:0 1rem;background:Canvas;color:CanvasText}
.badge{display:inline-block;padding:.2rem .6rem;border-radius:999px;background:#fef3c7;color:#92400e;font-size:.8rem;font-weight:600}
.card{border:1px solid #8884;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
.price{font-size:2rem;font-weight:700;margin:.25rem 0}.price span,.muted{font-size:.9rem;opacity:.7;font-weight:400}
button{font:inherit;padding:.6rem 1rem;border-radius:.5rem;border:0;background:#4f46e5;color:#fff;cursor:pointer;margin:.25rem 0}
button.secondary{background:transparent;color:inherit;border:1px solid #8888}button.danger{background:#dc2626}
button:focus-visible,a:focus-visible{outline:3px solid #818cf8;outline-offset:2px}a{color:light-dark(#4338ca,#a5b4fc)}
</style></head><body><main>${body}</main></body></html>`);
}
