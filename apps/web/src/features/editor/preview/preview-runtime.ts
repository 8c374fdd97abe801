/**
 * The preview runtime state machine (spec section 4): loading -> ready | error. An *attempt* is one
 * load of the preview document. It fails when the preview does not finish loading within
 * LOAD_TIMEOUT_MS (its host page did not load, or the page never settles). A failed attempt reloads
 * the document automatically, up to MAX_ATTEMPTS; after that the preview is locked for LOCK_MS, then
 * the attempts reset and it loads again. The page's own script errors, while loading or after, are
 * not failed attempts: the page still renders, and the panel raises the fix toast instead.
 */
export const MAX_ATTEMPTS = 3;
export const LOCK_MS = 30_000;
export const RETRY_DELAY_MS = 600;
export const LOAD_TIMEOUT_MS = 10_000;

export type RuntimeStatus = 'loading' | 'ready' | 'error' | 'locked';

export interface RuntimeState {
  status: RuntimeStatus;
  /** The attempt in progress or last failed, 1..MAX_ATTEMPTS. */
  attempt: number;
  error: string | null;
  lockedUntil: number | null;
}

export type RuntimeEvent =
  | { type: 'render' }
  | { type: 'ready' }
  | { type: 'load-failed'; message: string; now: number }
  | { type: 'retry' }
  | { type: 'unlock' };

export const initialRuntime: RuntimeState = { status: 'loading', attempt: 1, error: null, lockedUntil: null };

export function runtimeReducer(state: RuntimeState, event: RuntimeEvent): RuntimeState {
  switch (event.type) {
    case 'render':
      // New content starts a fresh series of attempts, except while locked.
      if (state.status === 'locked') return state;
      return { status: 'loading', attempt: 1, error: null, lockedUntil: null };
    case 'ready':
      return state.status === 'loading' ? { ...state, status: 'ready', error: null } : state;
    case 'load-failed':
      if (state.status !== 'loading') return state;
      if (state.attempt >= MAX_ATTEMPTS) {
        return { status: 'locked', attempt: state.attempt, error: event.message, lockedUntil: event.now + LOCK_MS };
      }
      return { ...state, status: 'error', error: event.message };
    case 'retry':
      if (state.status !== 'error') return state;
      return { status: 'loading', attempt: state.attempt + 1, error: null, lockedUntil: null };
    case 'unlock':
      if (state.status !== 'locked') return state;
      return { ...initialRuntime };
  }
}

/** The error line shown in the preview, e.g. 'x is not defined (Intento 2/3)'. */
export function attemptLabel(state: Pick<RuntimeState, 'attempt'>) {
  return `(Intento ${state.attempt}/${MAX_ATTEMPTS})`;
}
