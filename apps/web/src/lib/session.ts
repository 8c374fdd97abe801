import { STORAGE_KEYS } from '@div/shared/constants';

/** The session kept in browser storage (spec section 3): token, user, expiry. */
export interface StoredSession {
  token: string;
  user: { name: string; picture: string | null };
  expiresAt: number;
}

/** A stored session counts only while its expiry lies in the future; otherwise it is erased. */
export function getSession(now = Date.now()): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.session);
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    if (typeof session?.token !== 'string' || typeof session.expiresAt !== 'number' || session.expiresAt <= now) {
      clearSession();
      return null;
    }
    return session;
  } catch {
    clearSession();
    return null;
  }
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
