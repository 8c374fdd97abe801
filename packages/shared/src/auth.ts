import { z } from 'zod';

/** The two sign-in buttons (spec section 1: Google or GitHub only). */
export const authProviderIds = ['google', 'github'] as const;
export const authProviderSchema = z.enum(authProviderIds);
export type AuthProvider = z.infer<typeof authProviderSchema>;

/** GET /api/auth/login: where each button sends the browser (full-page navigation). */
export const loginUrlsResponseSchema = z.object({
  redirectGoogle: z.string(),
  redirectGithub: z.string(),
});
export type LoginUrlsResponse = z.infer<typeof loginUrlsResponseSchema>;

/** The public part of a user, as sign-in answers carry it. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * GET /api/user with `Authorization: Bearer <validate_code>`: the code is spent and a new session
 * token is issued. `expiresAt` is an ISO 8601 timestamp.
 */
export const loginCodeResponseSchema = z.object({
  user: authUserSchema,
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginCodeResponse = z.infer<typeof loginCodeResponseSchema>;

/** GET /api/auth/verify: the session's user; the session now lasts at least until `expiresAt` (ISO 8601). */
export const verifyResponseSchema = z.object({
  user: authUserSchema,
  expiresAt: z.string(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** GET /api/user/profile (spec section 3, user profile). `messagesLimit` -1 means unlimited. */
export const userProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  plan: z.string(),
  messagesUsed: z.number().int(),
  messagesLimit: z.number().int(),
  developerPlan: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * Why GET /api/auth/callback sent the browser back to `/auth/<provider>?error=<reason>`.
 * The return page shows 'Error en la autenticación' for any of them.
 */
export const authCallbackErrorReasons = [
  'state_invalid',
  'state_expired',
  'exchange_failed',
  'email_unverified',
  'provider_error',
] as const;
export const authCallbackErrorReasonSchema = z.enum(authCallbackErrorReasons);
export type AuthCallbackErrorReason = z.infer<typeof authCallbackErrorReasonSchema>;

/** The message of a 400 when the callback lacks code or state (spec section 5). */
export const MISSING_AUTH_PARAMS_MESSAGE = 'Parámetros de autenticación faltantes';
