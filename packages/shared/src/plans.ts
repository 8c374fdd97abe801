import { z } from 'zod';

/** Regular plans (spec sections 3, 6, 9). -1 means unlimited. */
export const planIds = ['free', 'small', 'medium', 'pro'] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars. */
  priceUsd: number;
  priceText: string;
  messagesPerMonth: number;
  /** Default Stripe price id; the server may override it by configuration. Free has none. */
  priceId: string | null;
  popular: boolean;
  /** Days of version history kept; null is unlimited. */
  historyDays: number | null;
}

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Gratis',
    priceUsd: 0,
    priceText: '$0',
    messagesPerMonth: 100,
    priceId: null,
    popular: false,
    historyDays: 7,
  },
  small: {
    id: 'small',
    name: 'Pequeño',
    priceUsd: 10,
    priceText: '$10',
    messagesPerMonth: 500,
    priceId: 'price_small_plan',
    popular: false,
    historyDays: 30,
  },
  medium: {
    id: 'medium',
    name: 'Mediano',
    priceUsd: 25,
    priceText: '$25',
    messagesPerMonth: 1000,
    priceId: 'price_medium_plan',
    popular: true,
    historyDays: null,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceUsd: 50,
    priceText: '$50',
    messagesPerMonth: 3000,
    priceId: 'price_pro_plan',
    popular: false,
    historyDays: null,
  },
};

/** An unknown plan key falls back to free (spec: usage page). */
export function planOf(id: string | null | undefined): Plan {
  return plans[(planIds as readonly string[]).includes(id ?? '') ? (id as PlanId) : 'free'];
}

/** Developer plans (spec section 9). Requests per month and per minute; -1 means unlimited. */
export const developerPlanIds = ['starter', 'growth', 'scale', 'enterprise'] as const;
export const developerPlanIdSchema = z.enum(developerPlanIds);
export type DeveloperPlanId = z.infer<typeof developerPlanIdSchema>;

export interface DeveloperPlan {
  id: DeveloperPlanId;
  name: string;
  /** Monthly price in US dollars; null is a custom price (enterprise). */
  priceUsd: number | null;
  priceText: string;
  requestsPerMonth: number;
  requestsPerMinute: number;
  priceId: string | null;
  popular: boolean;
}

export const developerPlans: Record<DeveloperPlanId, DeveloperPlan> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    priceUsd: 0,
    priceText: '$0',
    requestsPerMonth: 1000,
    requestsPerMinute: 10,
    priceId: null,
    popular: false,
  },
  growth: {
    id: 'growth',
    name: 'Growth',
    priceUsd: 29,
    priceText: '$29',
    requestsPerMonth: 10_000,
    requestsPerMinute: 100,
    priceId: 'price_dev_growth',
    popular: true,
  },
  scale: {
    id: 'scale',
    name: 'Scale',
    priceUsd: 99,
    priceText: '$99',
    requestsPerMonth: 100_000,
    requestsPerMinute: 1000,
    priceId: 'price_dev_scale',
    popular: false,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: null,
    priceText: 'Personalizado',
    requestsPerMonth: -1,
    requestsPerMinute: -1,
    priceId: null,
    popular: false,
  },
};

/** The usage page also recognises these keys (spec section 3). */
export const developerPlanAliases: Record<string, DeveloperPlanId> = { dev_basic: 'starter', dev_unlimited: 'enterprise' };

export function developerPlanOf(id: string | null | undefined): DeveloperPlan {
  const key = id ?? '';
  if ((developerPlanIds as readonly string[]).includes(key)) return developerPlans[key as DeveloperPlanId];
  return developerPlans[developerPlanAliases[key] ?? 'starter'];
}
