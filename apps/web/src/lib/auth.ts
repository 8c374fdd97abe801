// Types only: the contracts' zod schemas stay out of the browser bundle.
import type { LoginCodeResponse, LoginUrlsResponse, VerifyResponse } from '@div/shared/auth';
import { SESSION_LOGIN_MS } from '@div/shared/constants';
import { api } from './api';
import { clearSession, getSession, parseExpiry, renewSession, type StoredSession, setSession } from './session';

/** GET /api/auth/login: where each provider's sign-in starts (no token). */
export function fetchLoginUrls() {
  return api<LoginUrlsResponse>('/api/auth/login', { anonymous: true });
}

/** A redeemed login code: the new session (not stored yet) and whose it is. */
export interface RedeemedLogin {
  session: StoredSession;
  user: { id: string; name: string; email: string };
}

/**
 * Redeems a validate_code: the single-use code is the bearer of GET /api/user (from the browser that
 * started the sign-in: its cookie goes along), which answers the user and a new session token.
 */
export async function redeemCode(code: string, now = Date.now()): Promise<RedeemedLogin> {
  const answer = await api<Partial<LoginCodeResponse>>('/api/user', {
    token: code,
  });
  if (!answer?.user || typeof answer.user.name !== 'string') throw new Error('Respuesta de usuario no válida');
  const token = typeof answer.token === 'string' && answer.token ? answer.token : code;
  const serverExpiry = parseExpiry(answer.expiresAt);
  const expiresAt = Number.isFinite(serverExpiry) ? serverExpiry : now + SESSION_LOGIN_MS;
  return {
    session: { token, user: { name: answer.user.name, picture: answer.user.picture ?? null }, expiresAt },
    user: { id: String(answer.user.id ?? ''), name: answer.user.name, email: String(answer.user.email ?? '') },
  };
}

/** Completes the login with validate_code and stores the session for 30 days. */
export async function signInWithCode(code: string, now = Date.now()): Promise<StoredSession> {
  const { session } = await redeemCode(code, now);
  setSession(session);
  return session;
}

/** Who the stored session belongs to, asked of the server; null when there is no live session. */
export async function currentUser(): Promise<{ id: string; name: string; email: string } | null> {
  const session = getSession();
  if (!session) return null;
  try {
    const answer = await api<VerifyResponse>('/api/auth/verify', { token: session.token });
    return { id: answer.user.id, name: answer.user.name, email: answer.user.email };
  } catch {
    return null;
  }
}

/** Revokes a session by its token (best effort: the person has already chosen). */
export async function revokeToken(token: string) {
  try {
    await api('/api/auth/logout', { method: 'POST', token });
  } catch {
    // Nothing to do: an unreachable server leaves the session to expire.
  }
}

export type AuthCheck = 'authenticated' | 'unauthenticated';

export interface VerifyDeps {
  /** Calls GET /api/auth/verify with the given token; resolves the new expiry or rejects. */
  verify?: (token: string) => Promise<Pick<VerifyResponse, 'expiresAt'>>;
  now?: () => number;
}

const defaultVerify = (token: string) => api<VerifyResponse>('/api/auth/verify', { token, credentials: 'include' });

/** Recently verified tokens: moving between protected pages does not re-check every time. */
let lastVerified: { token: string; at: number } | null = null;
export const VERIFY_REUSE_MS = 60_000;

/** True when the stored session was verified by the server a moment ago. */
export function isFreshlyVerified(now = Date.now()): boolean {
  const session = getSession(now);
  return !!session && !!lastVerified && lastVerified.token === session.token && now - lastVerified.at < VERIFY_REUSE_MS;
}

/**
 * The guard's check (spec section 4, Authentication): without an unexpired stored session, or when
 * the verify call fails or answers non-OK, the session is cleared and the visitor is unauthenticated.
 * On success the stored session is renewed with the server's expiry (24 hours).
 */
export async function checkSession(deps: VerifyDeps = {}): Promise<AuthCheck> {
  const now = deps.now ?? Date.now;
  const session = getSession(now());
  if (!session) return 'unauthenticated';
  try {
    const answer = await (deps.verify ?? defaultVerify)(session.token);
    const expiresAt = parseExpiry(answer?.expiresAt);
    if (!Number.isFinite(expiresAt) || expiresAt <= now()) throw new Error('Sesión caducada');
    renewSession(expiresAt);
    lastVerified = { token: session.token, at: now() };
    return 'authenticated';
  } catch (error) {
    lastVerified = null;
    // A request cut because the page itself is going away says nothing about the session.
    if (!pageIsLeaving && !isAbort(error)) clearSession();
    return 'unauthenticated';
  }
}

let pageIsLeaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    pageIsLeaving = true;
  });
  window.addEventListener('pageshow', () => {
    pageIsLeaving = false;
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** POST /api/auth/logout revokes the session on the server; the local session goes either way. */
export async function signOut() {
  const session = getSession();
  lastVerified = null;
  try {
    if (session) await api('/api/auth/logout', { method: 'POST', token: session.token, credentials: 'include' });
  } catch {
    // The local session is cleared regardless: the person asked to leave.
  } finally {
    clearSession();
  }
}
