import { adoptRequest, type EarlyRequest, startRequest } from '../../../lib/early-requests';
import { getSession } from '../../../lib/session';

export const spacePath = (id: string) => `/api/spaces/${encodeURIComponent(id)}`;

declare global {
  interface Window {
    /** Set by space.html's boot script (space-entry-plugin.ts): the requests it started, by path. */
    __divEarlyRequests?: Record<string, EarlyRequest | undefined>;
  }
}

/** Adopts the boot script's request for `path` when it was sent with `token`; else starts it here. */
function startOrAdopt(path: string, token: string, init: RequestInit = {}) {
  const boot = window.__divEarlyRequests;
  const early = boot?.[path];
  if (boot) delete boot[path];
  if (early?.token === token) adoptRequest(path, early);
  else startRequest(path, token, init);
}

/**
 * Opening /space/{id} directly: the guard's session check and the space itself are requested by the
 * entry, at the same time as the editor's code, instead of one after the other once it has loaded
 * (ADR 0064); space.html's boot script has usually started them already. Without a stored session
 * nothing is sent (the guard sends the visitor away).
 */
export function startEditorRequests(pathname: string) {
  const match = /^\/space\/([^/]+)\/?$/.exec(pathname);
  const token = getSession()?.token ?? null;
  if (!match?.[1] || !token) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  startOrAdopt('/api/auth/verify', token, { credentials: 'include' });
  startOrAdopt(spacePath(id), token);
}
