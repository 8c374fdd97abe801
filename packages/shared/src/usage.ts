import { z } from 'zod';
import { imageStorageSchema } from './assets';

/** Where a metered action came from: the web app or the developer API. */
export const usageSourceSchema = z.enum(['app', 'api']);
export type UsageSource = z.infer<typeof usageSourceSchema>;

export const topFeatureSchema = z.object({
  feature: z.string(),
  usage: z.number().int(),
  /** Share of all usage events in the window, 0–100 with one decimal. */
  percentage: z.number(),
});
export type TopFeature = z.infer<typeof topFeatureSchema>;

/** Day buckets in the caller's time zone, 'YYYY-MM-DD'. */
export const dailyUsageSchema = z.object({ date: z.string(), messages: z.number().int() });
/** Week buckets (ISO weeks, Monday start); `week` is the Monday, 'YYYY-MM-DD'. */
export const weeklyUsageSchema = z.object({ week: z.string(), messages: z.number().int() });
/** Month buckets, 'YYYY-MM'. */
export const monthlyUsageSchema = z.object({ month: z.string(), messages: z.number().int() });
export type DailyUsage = z.infer<typeof dailyUsageSchema>;
export type WeeklyUsage = z.infer<typeof weeklyUsageSchema>;
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;

/** GET /api/user/usage?tz=Europe/Madrid — the usage summary and its zero-filled history series. */
export const usageQuerySchema = z.object({
  /** IANA time zone the day, week and month buckets are cut in; UTC when absent. */
  tz: z.string().max(64).optional(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const usageResponseSchema = z.object({
  /** A regular plan key (free, small, medium, pro). */
  currentPlan: z.string(),
  developerPlan: z.string(),
  messagesUsed: z.number().int(),
  /** -1 means unlimited. */
  messagesLimit: z.number().int(),
  /** ISO timestamp when the message counter resets. */
  resetDate: z.string(),
  /**
   * Percentage of what was asked in the last 30 days that succeeded, 0–100 (100 when nothing was
   * asked): metered actions and refusals together (ADR 0267).
   */
  successRate: z.number(),
  /** Metered actions in the last 30 days (successes and failures; refusals are apart). */
  actions: z.number().int(),
  /** The metered actions of the last 30 days that succeeded. */
  succeeded: z.number().int(),
  /**
   * Prompts the composer declined, or that awaited a confirmation, in the last 30 days: nothing was
   * charged (ADR 0189), and they are shown as their own slice (ADR 0267).
   */
  refusals: z.number().int(),
  /** Developer API calls in the last 30 days. */
  apiCalls: z.number().int(),
  /** Mean response time of metered actions in the last 30 days, in ms (0 when there were none). */
  averageResponseTime: z.number().int(),
  topFeatures: z.array(topFeatureSchema),
  /** The last 30 days, oldest first. */
  dailyUsage: z.array(dailyUsageSchema),
  /** The last 12 weeks, oldest first. */
  weeklyUsage: z.array(weeklyUsageSchema),
  /** The last 12 months, oldest first. */
  monthlyUsage: z.array(monthlyUsageSchema),
  /** The owner's own images across their spaces (originals and variants) against the plan's allowance (ADR 0203). */
  imageStorage: imageStorageSchema,
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** Window of the performance figures (success rate, API calls, response time, top features). */
export const USAGE_STATS_WINDOW_DAYS = 30;
export const DAILY_BUCKETS = 30;
export const WEEKLY_BUCKETS = 12;
export const MONTHLY_BUCKETS = 12;
