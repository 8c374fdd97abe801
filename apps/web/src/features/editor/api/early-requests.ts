import { startRequest } from '../../../lib/early-requests';
import { getSession } from '../../../lib/session';

export const spacePath = (id: string) => `/api/spaces/${encodeURIComponent(id)}`;

/**
 * Opening /space/{id} directly: the guard's session check and the space itself are requested by the
 * entry, at the same time as the editor's code, instead of one after the other once it has loaded
 * (ADR 0064). Without a stored session nothing is sent (the guard sends the visitor away).
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
  startRequest('/api/auth/verify', token, { credentials: 'include' });
  startRequest(spacePath(id), token);
}
