import { planOf } from '@div/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { billingCustomers, processedEvents } from '../../db/schema/billing';
import { users } from '../../db/schema/users';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { billingProviderOf } from '../../providers/billing/create';
import { type BillingEvent, ENTITLED_STATUSES, type SubscriptionState } from '../../providers/billing/types';
import { type PricedPlan, planRank, priceCatalogue, resolvePrice } from './prices';

type Ctx = AppContext;

/** The user's billing customer id, created at the provider on first use. */
export async function ensureCustomer(options: { ctx: Ctx; userId: string }): Promise<string> {
  const { ctx, userId } = options;
  const existing = await findCustomerId({ ctx, userId });
  if (existing) return existing;
  const [user] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('Usuario no encontrado');
  const customerId = await billingProviderOf(ctx).createCustomer({ userId, email: user.email, name: user.name });
  await ctx.db.insert(billingCustomers).values({ userId, customerId }).onConflictDoNothing();
  // Two first checkouts at once: both keep the one row that won.
  return (await findCustomerId({ ctx, userId })) ?? customerId;
}

export async function findCustomerId(options: { ctx: Pick<AppContext, 'db'>; userId: string }): Promise<string | null> {
  const [row] = await options.ctx.db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, options.userId))
    .limit(1);
  return row?.customerId ?? null;
}

/** A checkout (subscription mode) for one of the configured prices; an unknown price is a 400. */
export async function createCheckout(options: { ctx: Ctx; userId: string; priceId: string }): Promise<{ url: string }> {
  const { ctx, userId } = options;
  const price = resolvePrice(ctx.config, options.priceId);
  if (!price) throw badRequest('Plan no válido: el priceId no corresponde a ningún plan de pago.');
  const back = price.priced.kind === 'developer' ? '/developers' : '/pricing';
  try {
    const customerId = await ensureCustomer({ ctx, userId });
    return await billingProviderOf(ctx).createCheckoutSession({
      customerId,
      userId,
      priceId: price.priceId,
      // The page names what was bought even before the provider's webhook has applied it.
      successUrl: `${ctx.config.publicUrl}${back}?checkout=success&plan=${price.priced.plan}`,
      cancelUrl: `${ctx.config.publicUrl}${back}?checkout=cancel`,
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw error;
    ctx.log.error({ err: error }, 'checkout session failed');
    throw new AppError('UPSTREAM', 'Failed to create checkout session');
  }
}

/** The customer portal, where the person changes or cancels the subscription. */
export async function createPortal(options: { ctx: Ctx; userId: string }): Promise<{ url: string }> {
  const { ctx, userId } = options;
  try {
    const customerId = await ensureCustomer({ ctx, userId });
    return await billingProviderOf(ctx).createPortalSession({ customerId, returnUrl: `${ctx.config.publicUrl}/settings` });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw error;
    ctx.log.error({ err: error }, 'portal session failed');
    throw new AppError('UPSTREAM', 'Failed to create portal session');
  }
}

interface Entitlement {
  priced: PricedPlan;
  sub: SubscriptionState;
}

/** The best live plan of each kind among the subscriptions. */
function entitlements(ctx: Ctx, subs: SubscriptionState[]) {
  const catalogue = priceCatalogue(ctx.config);
  let regular: Entitlement | null = null;
  let developer: Entitlement | null = null;
  for (const sub of subs) {
    if (!ENTITLED_STATUSES.has(sub.status)) continue;
    for (const priceId of sub.priceIds) {
      const priced = catalogue.get(priceId);
      if (!priced) continue;
      const current = priced.kind === 'regular' ? regular : developer;
      if (!current || planRank(priced) > planRank(current.priced)) {
        if (priced.kind === 'regular') regular = { priced, sub };
        else developer = { priced, sub };
      }
    }
  }
  return { regular, developer };
}

/**
 * Sets the user's plans from the customer's subscriptions as the provider reports them now. Every
 * webhook and every local checkout or portal action ends here, so repeated and out-of-order events
 * converge: the user's row is locked while the provider is read, so the last writer saw the newest state.
 * A new billing period (the period end moved) starts the message counter again, except an upgrade
 * inside a running period: its messages count against the larger allowance (ADR 0186), so the usage
 * card and the chart, which both count this period's messages, agree.
 */
export async function syncCustomerPlan(options: {
  ctx: Ctx;
  customerId: string;
}): Promise<{ plan: string; developerPlan: string } | null> {
  const { ctx, customerId } = options;
  const provider = billingProviderOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: billingCustomers.userId, plan: users.plan, periodEndsAt: users.periodEndsAt })
      .from(billingCustomers)
      .innerJoin(users, eq(users.id, billingCustomers.userId))
      .where(eq(billingCustomers.customerId, customerId))
      .for('update', { of: users })
      .limit(1);
    if (!owner) {
      ctx.log.warn({ customerId }, 'billing event for an unknown customer');
      return null;
    }
    const subs = await provider.listSubscriptions(customerId, { db: tx as unknown as Database });
    const { regular, developer } = entitlements(ctx, subs);
    const plan = regular?.priced.plan ?? 'free';
    const developerPlan = developer?.priced.plan ?? 'starter';

    let periodEndsAt = owner.periodEndsAt;
    let resetCounter = false;
    if (regular?.sub.currentPeriodEnd) {
      const end = regular.sub.currentPeriodEnd;
      if (!periodEndsAt || periodEndsAt.getTime() !== end.getTime()) {
        const running = periodEndsAt !== null && periodEndsAt.getTime() > Date.now();
        resetCounter = !(running && planOf(plan).priceUsd > planOf(owner.plan).priceUsd);
        periodEndsAt = end;
      }
    } else if (!regular && owner.plan !== 'free') {
      // Back to free: the period restarts monthly from sign-up (see metering).
      periodEndsAt = null;
      resetCounter = true;
    }
    await tx
      .update(users)
      .set({
        plan,
        developerPlan,
        periodEndsAt,
        ...(resetCounter ? { messagesUsed: 0 } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, owner.userId));
    return { plan, developerPlan };
  });
}

/**
 * Applies one verified billing event once: a replayed event id is acknowledged and skipped.
 * Returns whether it was applied now.
 */
export async function applyBillingEvent(options: { ctx: Ctx; event: BillingEvent }): Promise<{ applied: boolean }> {
  const { ctx, event } = options;
  const [seen] = await ctx.db
    .select({ eventId: processedEvents.eventId })
    .from(processedEvents)
    .where(eq(processedEvents.eventId, event.id))
    .limit(1);
  if (seen) return { applied: false };
  if (event.customerId) {
    // A checkout completed before we stored the customer (another instance created it): link it.
    if (event.userId) {
      await ctx.db
        .insert(billingCustomers)
        .values({ userId: event.userId, customerId: event.customerId })
        .onConflictDoNothing()
        .catch(() => {});
    }
    await syncCustomerPlan({ ctx, customerId: event.customerId });
  }
  const inserted = await ctx.db
    .insert(processedEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return { applied: inserted.length > 0 };
}
