import { type PlanId, planIds } from './plans';

/**
 * Which plans may use which models, without the catalogue's schemas: the editor's prompt bar needs
 * these few values, and importing them from models.ts would bring zod into its first load (ADR 0064).
 */

/** 'auto' lets the router choose the provider. */
export const AUTO_PROVIDER = 'auto';

/** Basic on every plan, advanced from small, premium from medium; pro also has its custom models. */
export const modelTiers = ['basic', 'advanced', 'premium', 'custom'] as const;
export type ModelTier = (typeof modelTiers)[number];

/** The tiers each plan includes. */
const planTiers: Record<PlanId, readonly ModelTier[]> = {
  free: ['basic'],
  small: ['basic', 'advanced'],
  medium: ['basic', 'advanced', 'premium'],
  pro: ['basic', 'advanced', 'premium', 'custom'],
};

/** Whether a plan may use a model (free: basic; small: advanced; medium: all; pro: also custom). */
export function planAllowsModel(plan: PlanId, model: { tier: ModelTier }): boolean {
  return planTiers[plan].includes(model.tier);
}

/** The cheapest plan that includes a tier (for upsell texts); plans are listed cheapest first. */
export function minimumPlanFor(tier: ModelTier): PlanId {
  return planIds.find((plan) => planTiers[plan].includes(tier)) ?? 'pro';
}
