import { type PlanId, planOf } from './plans';

/**
 * What each regular plan unlocks besides models (those are in model-access.ts), without zod: the
 * editor's first load and the upsell read these few values (ADR 0064). members.ts, publishing.ts and
 * the server's gates import them from here, so each rule is written once.
 */

/** Plans that may use custom domains, SEO settings and page-view analytics (spec section 6). */
export const PUBLISHING_PLANS = ['medium', 'pro'] as const;
/** Plans with advanced SEO (canonical URL, structured data) and the full analytics view. */
export const ADVANCED_PLANS = ['pro'] as const;

export const hasPublishingFeatures = (plan: string | null | undefined) =>
  (PUBLISHING_PLANS as readonly string[]).includes(plan ?? '');
export const hasAdvancedFeatures = (plan: string | null | undefined) =>
  (ADVANCED_PLANS as readonly string[]).includes(plan ?? '');

/** Plans that include URL redesign (spec section 6: medium and pro). */
const REDESIGN_PLANS: readonly PlanId[] = ['medium', 'pro'];

export function planAllowsRedesign(plan: string | null | undefined): boolean {
  return REDESIGN_PLANS.includes(planOf(plan).id);
}

export const memberRoles = ['editor', 'viewer'] as const;

/** What each plan may do with members (ADR 0211): medium invites a few viewers, pro a team. */
export interface Collaboration {
  /** Members plus pending invitations, at most. 0: the plan cannot invite. */
  maxMembers: number;
  roles: readonly (typeof memberRoles)[number][];
}
export function collaborationOf(plan: string | null | undefined): Collaboration {
  if (plan === 'pro') return { maxMembers: 20, roles: memberRoles };
  if (plan === 'medium') return { maxMembers: 3, roles: ['viewer'] };
  return { maxMembers: 0, roles: [] };
}
