import { z } from 'zod';
import { modelTiers } from './model-access';
import { planIds } from './plans';
import { upsellReasons } from './upsell';

/** Why a plan refused and the cheapest plan that unlocks it (ADR 0185). */
export const upsellSchema = z.object({
  reason: z.enum(upsellReasons),
  plan: z.enum(planIds),
  tier: z.enum(modelTiers).optional(),
});

/** Every error the API answers has this body. `message` is meant for a person. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  openSelectProvider: z.boolean().optional(),
  openProModal: z.boolean().optional(),
  upsell: upsellSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes and the HTTP status each maps to. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A scoped AI edit whose answer reaches outside the selected element (ADR 0201). */
  OUT_OF_SCOPE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  INTERNAL: 500,
  UPSTREAM: 502,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;
