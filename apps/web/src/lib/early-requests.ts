/**
 * GET requests the entry starts for the page being opened, before that page's code has loaded
 * (ADR 0064): the page's own `api()` call then reads the answer already under way instead of
 * sending the request again. Each is read at most once, and only with the token it was sent with.
 */
export interface EarlyRequest {
  token: string | null;
  response: Promise<Response>;
}

const started = new Map<string, EarlyRequest>();

export function startRequest(path: string, token: string | null, init: RequestInit = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const response = fetch(path, { ...init, headers });
  // Unread failures stay quiet; the page's own call sees them when it reads this one.
  response.catch(() => {});
  started.set(path, { token, response });
}

/** A request started even earlier (space.html's boot script), read like one started here. */
export function adoptRequest(path: string, early: EarlyRequest) {
  started.set(path, early);
}

export function takeRequest(path: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  return early.token === token ? early.response : undefined;
}
