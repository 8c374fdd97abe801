import type { AppContext } from '../../context';
import { loadSecret } from '../../lib/secret';
import { LocalBillingProvider } from './local';
import { StripeBillingProvider } from './stripe';
import type { BillingProvider } from './types';

const cache = new WeakMap<AppContext, BillingProvider>();

/** The app's billing provider, chosen by configuration: Stripe with STRIPE_SECRET_KEY, local otherwise. */
export function billingProviderOf(ctx: AppContext): BillingProvider {
  let provider = cache.get(ctx);
  if (!provider) {
    const c = ctx.config;
    provider = c.STRIPE_SECRET_KEY
      ? new StripeBillingProvider({
          secretKey: c.STRIPE_SECRET_KEY,
          webhookSecret: c.STRIPE_WEBHOOK_SECRET,
          apiBase: c.STRIPE_API_BASE,
        })
      : new LocalBillingProvider({ db: ctx.db, publicUrl: c.publicUrl, secret: loadSecret(c.DATA_DIR, 'local-billing') });
    cache.set(ctx, provider);
  }
  return provider;
}
