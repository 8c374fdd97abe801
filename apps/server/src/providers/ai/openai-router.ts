import { AUTO_PROVIDER, type ProviderId, providers } from '@div/shared/models';
import type OpenAI from 'openai';
import { loadOnUse } from '../../lib/load-on-use';
import { type AiChunk, type AiProvider, AiProviderError, type AiStreamOptions } from './types';

const openAiPackage = loadOnUse<typeof import('openai')>('openai');

export interface OpenAiRouterOptions {
  apiKey: string;
  /** Any OpenAI-compatible endpoint; OpenRouter by default. */
  baseUrl: string;
  /** Longest silence (before the first byte or between chunks) before the stream counts as stalled. */
  stallTimeoutMs: number;
  /** Sent as HTTP-Referer / X-Title, which OpenRouter uses to name the app. */
  appUrl?: string;
  appName?: string;
  /** The HTTP client (custom model endpoints pass the SSRF-guarded one); global fetch by default. */
  fetch?: typeof fetch;
}

/**
 * The router client: one OpenAI-compatible chat-completions endpoint (OpenRouter by default, or
 * Ollama, vLLM…) that serves every model of the catalogue. A pinned provider is passed the way
 * OpenRouter accepts it (`provider: { order: [...] }`); 'auto' sends no preference.
 */
export class OpenAiRouterProvider implements AiProvider {
  readonly kind = 'router' as const;
  private readonly client: OpenAI;
  private readonly stallTimeoutMs: number;

  constructor(options: OpenAiRouterOptions) {
    this.stallTimeoutMs = options.stallTimeoutMs;
    this.client = new (openAiPackage().OpenAI)({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      // The generation route decides about retries (and meters them); the stall timer replaces the timeout.
      maxRetries: 0,
      timeout: 24 * 3_600_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      defaultHeaders: {
        ...(options.appUrl ? { 'HTTP-Referer': options.appUrl } : {}),
        'X-Title': options.appName ?? 'DIV',
      },
    });
  }

  async *stream(options: AiStreamOptions): AsyncIterable<AiChunk> {
    if (options.signal.aborted) throw new AiProviderError('aborted');
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal.addEventListener('abort', onAbort, { once: true });
    let stalled = false;
    let timer: NodeJS.Timeout | undefined;
    const armStallTimer = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, this.stallTimeoutMs);
    };
    const failure = (error: unknown): AiProviderError => {
      if (error instanceof AiProviderError) return error;
      if (options.signal.aborted) return new AiProviderError('aborted', { cause: error });
      if (stalled) return new AiProviderError('stall', { cause: error });
      return mapError(error);
    };

    const body: Record<string, unknown> = {
      model: options.model,
      messages: options.messages,
      stream: true,
      stream_options: { include_usage: true },
    };
    if (options.maxTokens) body.max_tokens = options.maxTokens;
    const provider = options.provider ?? AUTO_PROVIDER;
    if (provider !== AUTO_PROVIDER) {
      body.provider = { order: [providers[provider as ProviderId]?.routerName ?? provider] };
    }

    armStallTimer();
    try {
      let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
      try {
        stream = await this.client.chat.completions.create(
          body as unknown as OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming,
          { signal: controller.signal },
        );
      } catch (error) {
        throw failure(error);
      }
      let finishReason: string | null = null;
      const iterator = stream[Symbol.asyncIterator]();
      while (true) {
        let next: IteratorResult<OpenAI.Chat.Completions.ChatCompletionChunk>;
        armStallTimer();
        try {
          next = await iterator.next();
        } catch (error) {
          throw failure(error);
        }
        if (next.done) break;
        const chunk = next.value;
        const choice = chunk.choices?.[0];
        if (choice) {
          const delta = choice.delta as { content?: string | null; reasoning?: string | null; reasoning_content?: string | null };
          const reasoning = delta.reasoning ?? delta.reasoning_content;
          if (reasoning) yield { type: 'reasoning', text: reasoning };
          if (delta.content) yield { type: 'content', text: delta.content };
          if (choice.finish_reason) {
            finishReason = choice.finish_reason;
            yield { type: 'finish', reason: choice.finish_reason };
          }
        }
        if (chunk.usage) {
          yield {
            type: 'usage',
            usage: { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens },
          };
        }
      }
      // The SDK ends quietly when its request is aborted: tell why.
      if (options.signal.aborted) throw new AiProviderError('aborted');
      if (stalled) throw new AiProviderError('stall');
      if (finishReason === null) throw new AiProviderError('cut');
    } finally {
      if (timer) clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      // Leaving early (the consumer stopped reading) closes the upstream socket too.
      controller.abort();
    }
  }
}

function mapError(error: unknown): AiProviderError {
  const { APIConnectionError, APIError } = openAiPackage();
  if (error instanceof APIConnectionError) {
    return new AiProviderError('upstream', { detail: error.message, cause: error });
  }
  if (error instanceof APIError) {
    const status = error.status ?? statusFromBody(error.error);
    const detail = error.message;
    if (status === 401 || status === 403) return new AiProviderError('auth', { status, detail, cause: error });
    if (status === 402) return new AiProviderError('payment', { status, detail, cause: error });
    if (status === 429) {
      return new AiProviderError('rate_limit', {
        status,
        detail,
        retryAfterMs: retryAfter(error.headers),
        cause: error,
      });
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return new AiProviderError('bad_request', { status, detail, cause: error });
    }
    // An error event in the middle of a stream without a status: the upstream failed while answering.
    return new AiProviderError(status === undefined ? 'cut' : 'upstream', { status, detail, cause: error });
  }
  // A socket that dies while the body streams surfaces as a fetch TypeError ('terminated').
  return new AiProviderError('cut', { detail: error instanceof Error ? error.message : String(error), cause: error });
}

function statusFromBody(body: unknown): number | undefined {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : undefined;
}

function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
