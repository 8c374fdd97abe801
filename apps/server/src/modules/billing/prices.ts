import { type DeveloperPlanId, developerPlans, type PlanId, plans } from '@div/shared/plans';
import type { Config } from '../../config';

export type PricedPlan = { kind: 'regular'; plan: PlanId } | { kind: 'developer'; plan: DeveloperPlanId };

/** The configured Stripe price id of every paid plan (defaults: the catalogue's price ids). */
export function priceCatalogue(config: Config): Map<string, PricedPlan> {
  return new Map<string, PricedPlan>([
    [config.STRIPE_PRICE_SMALL, { kind: 'regular', plan: 'small' }],
    [config.STRIPE_PRICE_MEDIUM, { kind: 'regular', plan: 'medium' }],
    [config.STRIPE_PRICE_PRO, { kind: 'regular', plan: 'pro' }],
    [config.STRIPE_PRICE_DEV_GROWTH, { kind: 'developer', plan: 'growth' }],
    [config.STRIPE_PRICE_DEV_SCALE, { kind: 'developer', plan: 'scale' }],
  ]);
}

/**
 * The price id the browser sends may be the catalogue's default (what the pricing page shows) or the
 * configured one; both name the same plan.
 */
export function resolvePrice(config: Config, priceId: string): { priceId: string; priced: PricedPlan } | null {
  const catalogue = priceCatalogue(config);
  const direct = catalogue.get(priceId);
  if (direct) return { priceId, priced: direct };
  const regular = Object.values(plans).find((p) => p.priceId === priceId);
  const developer = Object.values(developerPlans).find((p) => p.priceId === priceId);
  for (const [configured, priced] of catalogue) {
    if (regular && priced.kind === 'regular' && priced.plan === regular.id) return { priceId: configured, priced };
    if (developer && priced.kind === 'developer' && priced.plan === developer.id) return { priceId: configured, priced };
  }
  return null;
}

/** Rank of a plan within its kind, to pick the best when a customer has two live subscriptions. */
export function planRank(priced: PricedPlan): number {
  return priced.kind === 'regular' ? Object.keys(plans).indexOf(priced.plan) : Object.keys(developerPlans).indexOf(priced.plan);
}
