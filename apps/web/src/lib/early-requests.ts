/**
 * GET requests the entry starts for the page being opened, before that page's code has loaded
 * (ADR 0064): the page's own `api()` call then reads the answer already under way instead of
 * sending the request again. Each is read at most once, and only with the token it was sent with.
 * Requests started even earlier by space.html's boot script (space-entry-plugin.ts) are adopted.
 */
interface EarlyRequest {
  token: string | null;
  response: Promise<Response>;
}

const started = new Map<string, EarlyRequest>();

declare global {
  interface Window {
    __divEarlyRequests?: Record<string, EarlyRequest | undefined>;
  }
}

/** The boot script's request for `path`, taken at most once. */
function takeBootRequest(path: string): EarlyRequest | undefined {
  const boot = typeof window === 'undefined' ? undefined : window.__divEarlyRequests;
  const early = boot?.[path];
  if (early && boot) delete boot[path];
  return early;
}

export function startRequest(path: string, token: string | null, init: RequestInit = {}) {
  const boot = takeBootRequest(path);
  if (boot?.token === token) {
    started.set(path, boot);
    return;
  }
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const response = fetch(path, { ...init, headers });
  // Unread failures stay quiet; the page's own call sees them when it reads this one.
  response.catch(() => {});
  started.set(path, { token, response });
}

export function takeRequest(path: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(path) ?? takeBootRequest(path);
  if (!early) return undefined;
  started.delete(path);
  return early.token === token ? early.response : undefined;
}
