import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localSubscriptions } from '../../db/schema/billing';
import { safeEqual } from '../../lib/tokens';
import type { BillingEvent, BillingProvider, SubscriptionState, SubscriptionStatus } from './types';

/** Links to the local pages live this long. */
const LINK_TTL_MS = 60 * 60_000;

export interface LocalLink {
  kind: 'checkout' | 'portal';
  customerId: string;
  userId: string;
  priceId?: string;
  successUrl?: string;
  cancelUrl?: string;
  returnUrl?: string;
  exp: number;
}

/**
 * The billing provider used without STRIPE_SECRET_KEY: subscriptions live in our own table, and the
 * checkout and portal are pages of the app (apps/server/src/modules/billing/local-pages.ts) reached
 * through signed, short-lived links, as Stripe's hosted pages are.
 */
export class LocalBillingProvider implements BillingProvider {
  readonly kind = 'local' as const;

  constructor(private readonly options: { db: Database; publicUrl: string; secret: string }) {}

  async createCustomer(options: { userId: string }): Promise<string> {
    return `local_cus_${options.userId.replaceAll('-', '')}`;
  }

  async createCheckoutSession(options: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }> {
    const token = this.sign({ kind: 'checkout', ...options, exp: Date.now() + LINK_TTL_MS });
    return { url: `${this.options.publicUrl}/local/billing/checkout?token=${encodeURIComponent(token)}` };
  }

  async createPortalSession(options: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const userId = ''; // the portal acts on the customer only
    const token = this.sign({
      kind: 'portal',
      customerId: options.customerId,
      userId,
      returnUrl: options.returnUrl,
      exp: Date.now() + LINK_TTL_MS,
    });
    return { url: `${this.options.publicUrl}/local/billing/portal?token=${encodeURIComponent(token)}` };
  }

  /** Reads the customer's subscriptions, first moving time along as Stripe would (renewal, end of a cancellation). */
  async listSubscriptions(customerId: string, options: { db?: Database; now?: Date } = {}): Promise<SubscriptionState[]> {
    const at = (options.now ?? new Date()).toISOString();
    const db = options.db ?? this.options.db;
    await db
      .update(localSubscriptions)
      .set({ status: 'canceled' })
      .where(
        sql`${localSubscriptions.customerId} = ${customerId} and ${localSubscriptions.status} = 'active' and ${localSubscriptions.cancelAtPeriodEnd} and ${localSubscriptions.currentPeriodEnd} <= ${at}::timestamptz`,
      );
    await db
      .update(localSubscriptions)
      .set({
        currentPeriodEnd: sql`${localSubscriptions.currentPeriodEnd} + make_interval(months => (extract(year from age(${at}::timestamptz, ${localSubscriptions.currentPeriodEnd})) * 12 + extract(month from age(${at}::timestamptz, ${localSubscriptions.currentPeriodEnd})))::int + 1)`,
      })
      .where(
        sql`${localSubscriptions.customerId} = ${customerId} and ${localSubscriptions.status} = 'active' and ${localSubscriptions.currentPeriodEnd} <= ${at}::timestamptz`,
      );
    const rows = await db
      .select({
        id: localSubscriptions.id,
        status: localSubscriptions.status,
        priceId: localSubscriptions.priceId,
        currentPeriodEnd: localSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: localSubscriptions.cancelAtPeriodEnd,
      })
      .from(localSubscriptions)
      .where(eq(localSubscriptions.customerId, customerId))
      .orderBy(localSubscriptions.createdAt);
    return rows.map((r) => ({
      id: r.id,
      status: r.status as SubscriptionStatus,
      priceIds: [r.priceId],
      currentPeriodEnd: r.currentPeriodEnd,
      cancelAtPeriodEnd: r.cancelAtPeriodEnd,
    }));
  }

  async cancelAllSubscriptions(customerId: string): Promise<void> {
    await this.options.db
      .update(localSubscriptions)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(localSubscriptions.customerId, customerId),
          inArray(localSubscriptions.status, ['active', 'trialing', 'past_due']),
        ),
      );
  }

  async verifyWebhook(): Promise<BillingEvent> {
    throw new Error('The local billing provider does not receive webhooks');
  }

  // --- used by the local pages ---

  /**
   * Subscribes the customer to a price. A customer has at most one live subscription per kind
   * (regular or developer): buying another price of the same kind changes that subscription's price.
   */
  async subscribe(options: { customerId: string; priceId: string; samePlanKindPriceIds: string[]; now?: Date }): Promise<void> {
    const now = options.now ?? new Date();
    const periodEnd = new Date(now);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    const updated = await this.options.db
      .update(localSubscriptions)
      .set({ priceId: options.priceId, cancelAtPeriodEnd: false })
      .where(
        and(
          eq(localSubscriptions.customerId, options.customerId),
          eq(localSubscriptions.status, 'active'),
          inArray(localSubscriptions.priceId, options.samePlanKindPriceIds),
        ),
      )
      .returning({ id: localSubscriptions.id });
    if (updated.length > 0) return;
    await this.options.db
      .insert(localSubscriptions)
      .values({ customerId: options.customerId, priceId: options.priceId, status: 'active', currentPeriodEnd: periodEnd });
  }

  /** Marks a subscription of the customer to end at its period end (or undoes that). */
  async setCancelAtPeriodEnd(options: { customerId: string; subscriptionId: string; cancel: boolean }): Promise<boolean> {
    const rows = await this.options.db
      .update(localSubscriptions)
      .set({ cancelAtPeriodEnd: options.cancel })
      .where(
        and(
          eq(localSubscriptions.customerId, options.customerId),
          eq(localSubscriptions.id, options.subscriptionId),
          eq(localSubscriptions.status, 'active'),
        ),
      )
      .returning({ id: localSubscriptions.id });
    return rows.length > 0;
  }

  sign(link: LocalLink): string {
    const payload = Buffer.from(JSON.stringify(link)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The link's content when the signature matches and it has not expired; otherwise null. */
  verifyLink(token: string | undefined, kind: LocalLink['kind']): LocalLink | null {
    if (!token) return null;
    const [payload, mac] = token.split('.');
    if (!payload || !mac || !safeEqual(mac, this.mac(payload))) return null;
    try {
      const link = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LocalLink;
      if (link.kind !== kind || typeof link.exp !== 'number' || link.exp < Date.now()) return null;
      return link;
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.options.secret).update(payload).digest('base64url');
  }
}
