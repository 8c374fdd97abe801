import { STORAGE_KEYS } from '@div/shared/constants';
import { useSyncExternalStore } from 'react';

/** The session kept in browser storage (spec section 3): token, user, expiry. */
export interface StoredSession {
  token: string;
  user: { name: string; picture: string | null };
  expiresAt: number;
}

/** Reads a stored session text; null when absent, malformed or expired (no side effects). */
export function parseSession(raw: string | null, now: number): StoredSession | null {
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as StoredSession;
    if (typeof session?.token !== 'string' || typeof session.expiresAt !== 'number' || session.expiresAt <= now) return null;
    return session;
  } catch {
    return null;
  }
}

/** A stored session counts only while its expiry lies in the future; otherwise it is erased. */
export function getSession(now = Date.now()): StoredSession | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.session);
  } catch {
    return null;
  }
  if (!raw) return null;
  const session = parseSession(raw, now);
  if (!session) clearSession();
  return session;
}

export function setSession(session: StoredSession) {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  notify();
}

export function clearSession() {
  try {
    localStorage.removeItem(STORAGE_KEYS.session);
    localStorage.removeItem(STORAGE_KEYS.token);
  } catch {}
  notify();
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}
/** Subscribe to session changes (for useSyncExternalStore). */
export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.session) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Moves the expiry of the stored session (after /api/auth/verify renews it). */
export function renewSession(expiresAt: number) {
  const session = getSession();
  if (!session) return;
  setSession({ ...session, expiresAt });
}

/** Reads an expiry sent by the server (ISO text or epoch milliseconds); NaN when unreadable. */
export function parseExpiry(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Date.parse(value);
  return Number.NaN;
}

const RETURN_KEY = 'div_return_to';
/** How long a remembered origin location stays valid (the sign-in round trip). */
const RETURN_TTL_MS = 30 * 60_000;

/** Remembers where the guard sent the visitor away from, so the next sign-in returns there. */
export function rememberReturnTo(location: string, now = Date.now()) {
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ location, at: now }));
  } catch {}
}

/** Takes (and forgets) the remembered origin location; only same-app paths are returned. */
export function takeReturnTo(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    if (!raw) return null;
    const { location, at } = JSON.parse(raw) as { location?: unknown; at?: unknown };
    if (typeof location !== 'string' || typeof at !== 'number' || now - at > RETURN_TTL_MS) return null;
    // Only a path of this app: never an absolute or protocol-relative address.
    if (!location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\')) return null;
    return location;
  } catch {
    return null;
  }
}

let snapshot: { raw: string | null; session: StoredSession | null } = { raw: null, session: null };
function readSnapshot(): StoredSession | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.session);
  } catch {}
  const stillValid = snapshot.session ? snapshot.session.expiresAt > Date.now() : true;
  if (raw !== snapshot.raw || !stillValid) snapshot = { raw, session: parseSession(raw, Date.now()) };
  return snapshot.session;
}

/** The stored session as React state: re-renders on sign-in, renewal and sign-out (also in other tabs). */
export function useStoredSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, readSnapshot, () => null);
}
