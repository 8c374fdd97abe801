import type { AuthCallbackErrorReason, AuthProvider } from '@div/shared/auth';

/** Who the identity provider says signed in. */
export interface IdentityProfile {
  /** What `accounts.provider` records: 'google', 'github', or 'local' for the local identity provider. */
  provider: 'google' | 'github' | 'local';
  /** The provider's stable user id (`accounts.provider_user_id`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

/**
 * One sign-in button's identity provider: authorization code flow with PKCE (S256).
 * Google, GitHub and the local identity provider implement it; the callback code is the same for all.
 */
export interface IdentityProvider {
  /** The button this provider serves. */
  readonly button: AuthProvider;
  /** 'local' when the app's own identity provider stands in because no client id is configured. */
  readonly mode: 'remote' | 'local';
  authorizationUrl(options: { state: string; codeChallenge: string; redirectUri: string }): Promise<string>;
  /** Exchanges the authorization code for an access token (throws IdentityError 'exchange_failed'). */
  exchangeCode(options: { code: string; codeVerifier: string; redirectUri: string }): Promise<{ accessToken: string }>;
  /** Reads the profile with the access token (throws IdentityError 'provider_error'). */
  fetchProfile(options: { accessToken: string }): Promise<IdentityProfile>;
}

/** A sign-in failure with the reason the return page receives. */
export class IdentityError extends Error {
  readonly reason: AuthCallbackErrorReason;
  constructor(reason: AuthCallbackErrorReason, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'IdentityError';
    this.reason = reason;
  }
}

/** Outside calls give up after this long. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** fetch + JSON with a timeout; any network error, non-2xx or non-JSON answer becomes an IdentityError. */
export async function fetchJson(
  url: string,
  init: RequestInit,
  reason: AuthCallbackErrorReason,
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw new IdentityError(reason, `request to ${url} failed: ${(error as Error).message}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new IdentityError(reason, `${url} answered ${res.status} without JSON`);
  }
  if (!res.ok) throw new IdentityError(reason, `${url} answered ${res.status}`);
  return { status: res.status, body };
}

export function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}
