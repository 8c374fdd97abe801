import { type ModelTier, modelTiers, planAllowsModel } from './model-access';
import { collaborationOf, hasAdvancedFeatures, hasPublishingFeatures, planAllowsRedesign } from './plan-access';
import { type Plan, type PlanId, planIds, planOf, plans } from './plans';

/**
 * The upsell (issue 22, ADR 0185): when a plan refuses something, the refusal names the cheapest plan
 * of the catalogue that unlocks exactly that, at its catalogue price. Zod-free: the prompt bar's first
 * load reads it (ADR 0064).
 */
export const upsellReasons = [
  /** The month's messages are used up. */
  'messages',
  /** A model of a higher tier (`tier` says which). */
  'model',
  /** The person's own OpenAI-compatible endpoints. */
  'customModels',
  'redesign',
  /** Custom domains, SEO settings and visit analytics. */
  'domain',
  /** Advanced SEO and full analytics. */
  'advancedSeo',
  /** Inviting anyone to a project. */
  'collaboration',
  /** Inviting editors (not only viewers). */
  'editors',
  /** More members than the plan allows. */
  'seats',
] as const;
export type UpsellReason = (typeof upsellReasons)[number];

/** What an error body and the dialog carry: why, and the plan to offer. */
export interface Upsell {
  reason: UpsellReason;
  plan: PlanId;
  tier?: ModelTier;
}

function unlocks(plan: Plan, current: Plan, reason: UpsellReason, tier: ModelTier): boolean {
  switch (reason) {
    case 'messages':
      return (
        plan.messagesPerMonth === -1 || (current.messagesPerMonth !== -1 && plan.messagesPerMonth > current.messagesPerMonth)
      );
    case 'model':
      return planAllowsModel(plan.id, { tier });
    case 'customModels':
      return planAllowsModel(plan.id, { tier: 'custom' });
    case 'redesign':
      return planAllowsRedesign(plan.id);
    case 'domain':
      return hasPublishingFeatures(plan.id);
    case 'advancedSeo':
      return hasAdvancedFeatures(plan.id);
    case 'collaboration':
      return collaborationOf(plan.id).maxMembers > 0;
    case 'editors':
      return collaborationOf(plan.id).roles.includes('editor');
    case 'seats':
      return collaborationOf(plan.id).maxMembers > collaborationOf(current.id).maxMembers;
  }
}

/**
 * The cheapest plan dearer than `current` that unlocks `reason`, or null when none does (the top
 * plan already): then there is nothing to sell and the refusal stands on its own.
 */
export function upsellFor(
  reason: UpsellReason,
  current: string | null | undefined,
  options: { tier?: ModelTier } = {},
): Upsell | null {
  const from = planOf(current);
  const tier = options.tier ?? 'premium';
  const offer = planIds
    .map((id) => plans[id])
    .filter((plan) => plan.priceUsd > from.priceUsd)
    .sort((a, b) => a.priceUsd - b.priceUsd)
    .find((plan) => unlocks(plan, from, reason, tier));
  if (!offer) return null;
  return { reason, plan: offer.id, ...(reason === 'model' ? { tier } : {}) };
}

/** An error body's `upsell`, when it is one (the browser reads bodies without zod). */
export function readUpsell(value: unknown): Upsell | null {
  if (typeof value !== 'object' || value === null) return null;
  const { reason, plan, tier } = value as Record<string, unknown>;
  if (!(upsellReasons as readonly unknown[]).includes(reason) || !(planIds as readonly unknown[]).includes(plan)) return null;
  const upsell: Upsell = { reason: reason as UpsellReason, plan: plan as PlanId };
  if ((modelTiers as readonly unknown[]).includes(tier)) upsell.tier = tier as ModelTier;
  return upsell;
}
