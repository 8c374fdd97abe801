import { isIP } from 'node:net';
import { GIT_MESSAGES } from '@div/shared/git';
import { Errors, type GitAuth, type HttpClient } from 'isomorphic-git';
import { AppError, badRequest } from '../../lib/errors';
import { guardedFetch } from '../../lib/guarded-fetch';
import { classifyAddress, SafeFetchError } from '../../lib/ssrf';

/**
 * How DIV reaches a git remote (issue 41, ADR 0264): isomorphic-git's smart-HTTP protocol over the
 * SSRF-guarded fetch (lib/guarded-fetch.ts), so every connection goes to an address checked
 * when it is made, unless GIT_ALLOW_PRIVATE. The token travels only as the HTTP basic-auth password
 * (`onAuth`), never in the URL; a URL that carries credentials is refused.
 */

export interface Remote {
  url: string;
  username: string;
  token: string;
  allowPrivate: boolean;
}

const TIMEOUT_MS = 60_000;

/** The URL as stored: http(s), no credentials, no query or fragment; http only with private addresses allowed. */
export function parseRemoteUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(GIT_MESSAGES.badUrl);
  }
  const scheme = allowPrivate ? /^https?:$/ : /^https:$/;
  if (!scheme.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw badRequest(GIT_MESSAGES.badUrl);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || (isIP(host) && classifyAddress(host) !== 'public'))) {
    throw badRequest(GIT_MESSAGES.blocked);
  }
  return url.toString().replace(/\/$/, '');
}

/** isomorphic-git's HTTP client, on the guarded fetch; redirects are not followed. */
export function guardedHttp(allowPrivate: boolean): HttpClient {
  const fetcher = guardedFetch({ allowPrivate });
  return {
    async request({ url, method = 'GET', headers = {}, body }) {
      const chunks: Uint8Array[] = [];
      if (body) for await (const chunk of body) chunks.push(chunk);
      const res = await fetcher(url, {
        method,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const responseHeaders: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        responseHeaders[name] = value;
      });
      const stream = res.body as unknown as AsyncIterableIterator<Uint8Array> | null;
      return {
        url,
        method,
        statusCode: res.status,
        statusMessage: res.statusText,
        headers: responseHeaders,
        body: stream ?? undefined,
      };
    },
  };
}

/** The options every remote operation passes isomorphic-git: the client, the URL and the credentials. */
export function remoteOptions(remote: Remote) {
  return {
    http: guardedHttp(remote.allowPrivate),
    url: remote.url,
    onAuth: (): GitAuth => ({ username: remote.username, password: remote.token }),
    // A refused token is not asked again: isomorphic-git then throws HttpError 401.
    onAuthFailure: (): GitAuth => ({ cancel: true }),
  };
}

/**
 * A failure talking to the remote, as an AppError with a plain Spanish reason. The error's own text
 * is never passed on (it could quote a URL or a server's answer).
 */
export function remoteError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof SafeFetchError || (error as { cause?: unknown })?.cause instanceof SafeFetchError) {
    return badRequest(GIT_MESSAGES.blocked);
  }
  if (error instanceof Errors.HttpError) {
    const status = error.data.statusCode;
    if (status === 401 || status === 403) return badRequest(GIT_MESSAGES.authFailed);
    if (status === 404) return badRequest(GIT_MESSAGES.notFound);
    return new AppError('UPSTREAM', GIT_MESSAGES.failed);
  }
  if (error instanceof Errors.UserCanceledError) return badRequest(GIT_MESSAGES.authFailed);
  if (error instanceof Errors.PushRejectedError) return new AppError('CONFLICT', GIT_MESSAGES.remoteMoved);
  if (error instanceof Errors.SmartHttpError || error instanceof Errors.ParseError) {
    return badRequest(GIT_MESSAGES.notFound);
  }
  const code = (error as { code?: string })?.code;
  if (code && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)$/.test(code)) {
    return badRequest(GIT_MESSAGES.unreachable);
  }
  if ((error as { name?: string })?.name === 'TimeoutError' || (error as { name?: string })?.name === 'AbortError') {
    return badRequest(GIT_MESSAGES.unreachable);
  }
  if (error instanceof TypeError) return badRequest(GIT_MESSAGES.unreachable);
  return new AppError('UPSTREAM', GIT_MESSAGES.failed);
}
