import { DivApiError } from './errors';
import { readNdjson } from './ndjson';
import type {
  ChecksResponse,
  DeployResponse,
  FixChecksBody,
  FixChecksResponse,
  GenerationEvent,
  GitConnectBody,
  GitPullBody,
  GitPullResponse,
  GitPushResponse,
  GitResolveBody,
  GitSettingsBody,
  GitStatus,
  ListSpacesQuery,
  ListSpacesResponse,
  ListSubmissionsQuery,
  ListVersionsResponse,
  SpaceResponse,
  SpaceSummary,
  Submission,
  SubmissionList,
  V1EditBody,
  V1FilesResponse,
  V1GenerateBody,
  V1GenerationResult,
  V1UsageResponse,
} from './types';

export interface DivClientOptions {
  /** An API key (`div_…`), created in DIV under Configuración → Claves de API. */
  apiKey: string;
  /** The DIV server's origin; https://div.example by default. */
  baseUrl?: string;
  /** Retries after a 429 or a 5xx (and a failed connection); 3 by default, 0 turns them off. */
  maxRetries?: number;
  /** First backoff delay, doubled on each retry (with jitter) when the server sends no Retry-After. */
  retryBaseMs?: number;
  /** Longest wait before a retry; a Retry-After beyond it (a spent monthly quota) is not waited for. */
  maxRetryDelayMs?: number;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** Aborts the request, its retries and a running stream. */
  signal?: AbortSignal;
}

const DEFAULT_BASE_URL = 'https://div.example';

/** A generation's events as they arrive; `spaceId` is known once the answer has started. */
export interface GenerationStream extends AsyncIterable<GenerationEvent> {
  /** The space generated into (a new one when none was given); set when the first event can be read. */
  readonly spaceId: string | undefined;
}

/**
 * The DIV developer API. Every method retries 429 and 5xx answers with exponential backoff, honouring
 * Retry-After, and throws a DivApiError with the API's `{ message, code }` when it gives up.
 */
export class DivClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: DivClientOptions) {
    if (!options.apiKey) throw new TypeError('DivClient: apiKey is required');
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? 3;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  }

  readonly spaces = {
    /** One page of your spaces, newest first; pass the answer's `nextCursor` as `cursor` for the next. */
    list: (page: ListSpacesQuery & RequestOptions = {}) => {
      const query = new URLSearchParams();
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.cursor !== undefined) query.set('cursor', page.cursor);
      const search = query.size > 0 ? `?${query}` : '';
      return this.json<ListSpacesResponse>('GET', `/v1/spaces${search}`, undefined, { signal: page.signal });
    },
    /** Every space, newest first, page by page: `for await (const space of client.spaces.all())`. */
    all: (options: { limit?: number } & RequestOptions = {}) => this.allSpaces(options),
    create: (body: { name: string }, options?: RequestOptions) => this.json<SpaceResponse>('POST', '/v1/spaces', body, options),
    delete: async (spaceId: string, options?: RequestOptions): Promise<void> => {
      await this.request('DELETE', `/v1/spaces/${encodeURIComponent(spaceId)}`, undefined, options);
    },
    files: (spaceId: string, options?: RequestOptions) =>
      this.json<V1FilesResponse>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}/files`, undefined, options),
    versions: (spaceId: string, options?: RequestOptions) =>
      this.json<ListVersionsResponse>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}/versions`, undefined, options),
  };

  /**
   * The pre-publish check of a space's files ("Revisión"): findings with rule, severity, file, line
   * and a message in Spanish and English; `fix` applies the deterministic fixes as one version.
   */
  readonly checks = {
    get: (spaceId: string, options?: RequestOptions) =>
      this.json<ChecksResponse>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}/checks`, undefined, options),
    fix: (spaceId: string, body: FixChecksBody = {}, options?: RequestOptions) =>
      this.json<FixChecksResponse>('POST', `/v1/spaces/${encodeURIComponent(spaceId)}/checks/fix`, body, options),
  };

  /**
   * Git sync of a space (HTTPS remotes): `connect` checks the token against the remote before it is
   * stored; `push` is fast-forward only (409 when the remote moved); `pull` merges three-way and
   * answers 409 with `files` on a conflict, the space unchanged. The token is never returned.
   */
  readonly git = {
    status: (spaceId: string, options?: RequestOptions) =>
      this.json<GitStatus>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}/git`, undefined, options),
    connect: (spaceId: string, body: GitConnectBody, options?: RequestOptions) =>
      this.json<GitStatus>('PUT', `/v1/spaces/${encodeURIComponent(spaceId)}/git`, body, options),
    /** `{ autoPush: true }` pushes each new version in the background (never over a moved remote). */
    settings: (spaceId: string, body: GitSettingsBody, options?: RequestOptions) =>
      this.json<GitStatus>('PATCH', `/v1/spaces/${encodeURIComponent(spaceId)}/git`, body, options),
    disconnect: async (spaceId: string, options?: RequestOptions): Promise<void> => {
      await this.request('DELETE', `/v1/spaces/${encodeURIComponent(spaceId)}/git`, undefined, options);
    },
    push: (spaceId: string, options?: RequestOptions) =>
      this.json<GitPushResponse>('POST', `/v1/spaces/${encodeURIComponent(spaceId)}/git/push`, undefined, options),
    /** With `resolutions`, the files of an earlier conflict take the side chosen (`ours` or `theirs`). */
    pull: (spaceId: string, body: GitPullBody = {}, options?: RequestOptions) =>
      this.json<GitPullResponse>('POST', `/v1/spaces/${encodeURIComponent(spaceId)}/git/pull`, body, options),
    /**
     * Settles a pull's conflict: the 409's `remoteCommit` and `revision`, and a side per file. A
     * remote or space that moved since answers 409 with nothing changed; pull again.
     */
    resolve: (spaceId: string, body: GitResolveBody, options?: RequestOptions) =>
      this.json<GitPullResponse>('POST', `/v1/spaces/${encodeURIComponent(spaceId)}/git/resolve`, body, options),
  };

  /** Form submissions of a space's published site (newest first; `nextCursor` pages on). */
  readonly submissions = {
    list: (spaceId: string, query: ListSubmissionsQuery = {}, options?: RequestOptions) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
      const qs = params.size > 0 ? `?${params}` : '';
      return this.json<SubmissionList>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}/submissions${qs}`, undefined, options);
    },
    get: (spaceId: string, submissionId: string, options?: RequestOptions) =>
      this.json<Submission>(
        'GET',
        `/v1/spaces/${encodeURIComponent(spaceId)}/submissions/${encodeURIComponent(submissionId)}`,
        undefined,
        options,
      ),
    delete: async (spaceId: string, submissionId: string, options?: RequestOptions): Promise<void> => {
      await this.request(
        'DELETE',
        `/v1/spaces/${encodeURIComponent(spaceId)}/submissions/${encodeURIComponent(submissionId)}`,
        undefined,
        options,
      );
    },
  };
  private async *allSpaces(options: { limit?: number } & RequestOptions): AsyncGenerator<SpaceSummary> {
    let cursor: string | undefined;
    do {
      const page = await this.spaces.list({ ...options, cursor });
      yield* page.spaces;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** Generates a site and streams its events: `for await (const event of client.generate({ prompt }))`. */
  generate(body: V1GenerateBody, options?: RequestOptions): GenerationStream {
    return this.stream('/v1/generate', body, options);
  }

  /** Generates a site and answers once it is done, with the changed files and the new version. */
  generateSite(body: V1GenerateBody, options?: RequestOptions): Promise<V1GenerationResult> {
    return this.json<V1GenerationResult>('POST', '/v1/generate?stream=false', body, options);
  }

  /** A follow-up change to a space's site, streamed. */
  edit(spaceId: string, body: V1EditBody, options?: RequestOptions): GenerationStream {
    return this.stream(`/v1/spaces/${encodeURIComponent(spaceId)}/edit`, body, options);
  }

  /** A follow-up change, answered once it is done. */
  editSite(spaceId: string, body: V1EditBody, options?: RequestOptions): Promise<V1GenerationResult> {
    return this.json<V1GenerationResult>('POST', `/v1/spaces/${encodeURIComponent(spaceId)}/edit?stream=false`, body, options);
  }

  /** Publishes the space's current files; answers its public URL. */
  deploy(spaceId: string, options?: RequestOptions): Promise<DeployResponse> {
    return this.json<DeployResponse>('POST', `/v1/spaces/${encodeURIComponent(spaceId)}/deploy`, undefined, options);
  }

  /** The key owner's usage and developer-plan quota. */
  usage(options?: RequestOptions): Promise<V1UsageResponse> {
    return this.json<V1UsageResponse>('GET', '/v1/usage', undefined, options);
  }

  private async json<T>(method: string, path: string, body: unknown, options?: RequestOptions): Promise<T> {
    const response = await this.request(method, path, body, options, 'application/json');
    return (await response.json()) as T;
  }

  private stream(path: string, body: unknown, options?: RequestOptions): GenerationStream {
    let spaceId: string | undefined;
    const client = this;
    return {
      get spaceId() {
        return spaceId;
      },
      async *[Symbol.asyncIterator]() {
        const response = await client.request('POST', path, body, options, 'application/x-ndjson');
        spaceId = response.headers.get('x-space-id') ?? undefined;
        if (!response.body) return;
        for await (const value of readNdjson(response.body)) yield value as GenerationEvent;
      },
    };
  }

  /** One call with its retries; resolves with a 2xx answer or throws DivApiError. */
  private async request(method: string, path: string, body: unknown, options: RequestOptions = {}, accept = 'application/json') {
    const { signal } = options;
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      let response: Response;
      try {
        response = await this.fetchImpl(`${this.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.apiKey}`,
            accept,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted || attempt >= this.maxRetries) {
          if (signal?.aborted) throw signal.reason ?? error;
          throw new DivApiError({ status: 0, code: 'NETWORK', message: `No se pudo conectar con DIV: ${String(error)}` });
        }
        await sleep(this.backoff(attempt, undefined), signal);
        continue;
      }
      if (response.ok) return response;
      const error = await toError(response);
      const retryable = response.status === 429 || response.status >= 500;
      const delay = this.backoff(attempt, error.retryAfter);
      if (!retryable || attempt >= this.maxRetries || delay > this.maxRetryDelayMs) throw error;
      await sleep(delay, signal);
    }
  }

  /** Retry-After when the server gave it, else exponential backoff with full jitter. */
  private backoff(attempt: number, retryAfter: number | undefined): number {
    if (retryAfter !== undefined) return retryAfter * 1000;
    const ceiling = Math.min(this.maxRetryDelayMs, this.retryBaseMs * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }
}

async function toError(response: Response): Promise<DivApiError> {
  const header = response.headers.get('retry-after');
  const retryAfter = header === null ? undefined : parseRetryAfter(header);
  let body: { message?: unknown; code?: unknown; limit?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // not JSON: keep the status
  }
  return new DivApiError({
    status: response.status,
    code: typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
    message: typeof body.message === 'string' ? body.message : `La API respondió ${response.status}`,
    ...(body.limit === 'minute' || body.limit === 'month' ? { limit: body.limit } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}

/** Seconds, or an HTTP date. */
function parseRetryAfter(value: string): number | undefined {
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
