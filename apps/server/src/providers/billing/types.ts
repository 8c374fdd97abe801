import type { Database } from '../../db/client';

/**
 * The billing system behind one interface: Stripe in production, the local provider (state kept in
 * our own database, pages served by the app) when STRIPE_SECRET_KEY is unset.
 */

/** Stripe's subscription statuses. */
export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused';

export interface SubscriptionState {
  id: string;
  status: SubscriptionStatus;
  priceIds: string[];
  /** End of the current billing period; null when the provider does not say. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A verified webhook event reduced to what we act on. */
export interface BillingEvent {
  id: string;
  type: string;
  /** The customer the event is about, when it names one. */
  customerId: string | null;
  /** Our user id, when the event carries it (checkout sessions set client_reference_id). */
  userId: string | null;
}

export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  createCustomer(options: { userId: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(options: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  createPortalSession(options: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Every subscription of the customer, whatever its status: the source of truth for the plan.
   * `db` is the open transaction of the caller, for a provider that keeps its state in our database.
   */
  listSubscriptions(customerId: string, options?: { db?: Database }): Promise<SubscriptionState[]>;
  /** Cancels every live subscription of the customer at once (account deletion). */
  cancelAllSubscriptions(customerId: string): Promise<void>;
  /** Checks the signature over the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
}

/** Statuses that keep the plan's benefits: Stripe retries a failed payment while past_due. */
export const ENTITLED_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);
