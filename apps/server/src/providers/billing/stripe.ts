import type Stripe from 'stripe';
import { loadOnUse } from '../../lib/load-on-use';
import type { BillingEvent, BillingProvider, SubscriptionState, SubscriptionStatus } from './types';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Origin of Stripe's API; tests point it at a local server. */
  apiBase?: string | undefined;
}

const stripePackage = loadOnUse<typeof Stripe>('stripe');

/** Builds the Stripe client, honouring a custom API origin. */
export function createStripeClient(options: Pick<StripeProviderOptions, 'secretKey' | 'apiBase'>): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const StripeClient = stripePackage();
  return new StripeClient(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export class StripeBillingProvider implements BillingProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = createStripeClient(options);
  }

  async createCustomer(options: { userId: string; email: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: options.email, name: options.name, metadata: { userId: options.userId } },
      { idempotencyKey: `customer-${options.userId}` },
    );
    return customer.id;
  }

  async createCheckoutSession(options: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: options.customerId,
      client_reference_id: options.userId,
      line_items: [{ price: options.priceId, quantity: 1 }],
      success_url: options.successUrl,
      cancel_url: options.cancelUrl,
      subscription_data: { metadata: { userId: options.userId } },
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without url');
    return { url: session.url };
  }

  async createPortalSession(options: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: options.customerId,
      return_url: options.returnUrl,
    });
    return { url: session.url };
  }

  async listSubscriptions(customerId: string): Promise<SubscriptionState[]> {
    const result: SubscriptionState[] = [];
    for await (const sub of this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      const items = sub.items?.data ?? [];
      const ends = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
      result.push({
        id: sub.id,
        status: sub.status as SubscriptionStatus,
        priceIds: items.map((i) => i.price?.id).filter((id): id is string => Boolean(id)),
        currentPeriodEnd: ends.length ? new Date(Math.min(...ends) * 1000) : null,
        cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      });
    }
    return result;
  }

  async cancelAllSubscriptions(customerId: string): Promise<void> {
    const subs = await this.listSubscriptions(customerId);
    for (const sub of subs) {
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
      await this.stripe.subscriptions.cancel(sub.id);
    }
  }

  async verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    if (!this.options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
    if (!signature) throw new Error('missing stripe-signature header');
    const event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, this.options.webhookSecret);
    const object = (event.data?.object ?? {}) as {
      object?: string;
      id?: string;
      customer?: string | { id: string } | null;
      client_reference_id?: string | null;
      metadata?: Record<string, string> | null;
    };
    const customerId = object.object === 'customer' ? (object.id ?? null) : idOf(object.customer);
    return {
      id: event.id,
      type: event.type,
      customerId,
      userId: object.client_reference_id ?? object.metadata?.userId ?? null,
    };
  }
}
