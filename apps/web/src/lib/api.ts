import { takeRequest } from './early-requests';
import { clearSession, getSession } from './session';

/** An error answered by the API: the status and the `{ message, code }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Send this token instead of the stored session's (the validate_code login). */
  token?: string | null;
  /** Do not attach any token. */
  anonymous?: boolean;
  /** Bytes sent as they are (an uploaded file), instead of `body` as JSON. */
  rawBody?: Blob;
}

/** Calls the API with the session's bearer token; a 401 clears the stored session. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { body, token, anonymous, headers, rawBody, ...init } = options;
  const bearer = anonymous ? null : (token ?? getSession()?.token ?? null);
  // A plain GET the entry already started for this page (early-requests) is read, not re-sent.
  const early =
    body === undefined && !rawBody && !headers && !init.method && !init.signal ? takeRequest(path, bearer) : undefined;
  const response = await (early ??
    fetch(path, {
      ...init,
      headers: {
        ...(body !== undefined
          ? { 'content-type': 'application/json' }
          : rawBody
            ? { 'content-type': 'application/octet-stream' }
            : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : rawBody,
    }));
  const text = await response.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    data = { message: text };
  }
  if (!response.ok) {
    if (response.status === 401 && bearer && !token) clearSession();
    const message = typeof data.message === 'string' ? data.message : response.statusText;
    throw new ApiError(response.status, message, typeof data.code === 'string' ? data.code : 'UNKNOWN', data);
  }
  return data as T;
}
