/**
 * What every AI provider offers: a stream of reasoning and content text for a conversation.
 * The OpenAI-compatible router (any model behind AI_BASE_URL) and the local composer implement it,
 * so the generation route runs the same code with or without a model.
 */

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One of the space's own images (issue 24), as the files name it: `images/<name>`. */
export interface AiSiteImage {
  name: string;
  width: number;
  height: number;
  bytes: number;
  alt: string;
  /** When it was uploaded (ISO 8601): "mi foto" is the newest. */
  createdAt?: string;
}

/** A file of the current site, as the editor holds it. */
export interface AiSiteFile {
  path: string;
  content: string;
}

export interface AiStreamOptions {
  /** The model id (router id, or 'div-local-composer'). */
  model: string;
  /** A provider id of the catalogue, or 'auto' (default) to let the router choose. */
  provider?: string;
  messages: AiMessage[];
  /** Largest completion, in tokens. */
  maxTokens?: number;
  /** Aborting closes the upstream connection at once. */
  signal: AbortSignal;
  /**
   * The same request in structured form. Router models read only `messages`; the local composer
   * reads this (the user's prompt and the current files) and falls back to the messages without it.
   */
  site?: {
    prompt: string;
    files?: AiSiteFile[];
    selectedElement?: { selector: string; html: string };
    /** The space's own images (issue 24). */
    images?: AiSiteImage[];
  };
}

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
}

export type AiChunk =
  /** Thinking text (separate reasoning fields); `<think>` inside content stays in content. */
  | { type: 'reasoning'; text: string }
  /** Answer text, in the output protocol of site-engine. */
  | { type: 'content'; text: string }
  /** Why the answer ended: 'stop', or 'length' when cut by the token limit. */
  | { type: 'finish'; reason: string }
  /** Token usage, when the upstream reports it (after the last content). */
  | { type: 'usage'; usage: AiUsage };

export interface AiProvider {
  /** 'router' or 'composer'. */
  readonly kind: 'router' | 'composer';
  /** Streams the answer; throws AiProviderError on failure, AiProviderError('aborted') on abort. */
  stream(options: AiStreamOptions): AsyncIterable<AiChunk>;
}

export type AiErrorKind =
  /** The key was refused (upstream 401/403). */
  | 'auth'
  /** The account has no credit left (upstream 402). */
  | 'payment'
  /** Too many requests (upstream 429). */
  | 'rate_limit'
  /** The request was refused as invalid (upstream 400/404/413/422), e.g. too long or unknown model. */
  | 'bad_request'
  /** The upstream failed (5xx) or could not be reached. */
  | 'upstream'
  /** The connection was cut before the answer finished. */
  | 'cut'
  /** The upstream sent nothing for longer than the stall timeout. */
  | 'stall'
  /** The caller aborted. */
  | 'aborted';

const defaultMessages: Record<AiErrorKind, string> = {
  auth: 'El proveedor de IA rechazó la clave configurada.',
  payment: 'El proveedor de IA no tiene crédito disponible.',
  rate_limit: 'El proveedor de IA está recibiendo demasiadas solicitudes. Inténtalo de nuevo en unos segundos.',
  bad_request: 'El proveedor de IA rechazó la solicitud.',
  upstream: 'El proveedor de IA no responde. Inténtalo de nuevo más tarde.',
  cut: 'La respuesta de la IA se cortó antes de terminar (se perdió la conexión), así que no se ha aplicado. No se ha cambiado nada y no se ha descontado ningún mensaje.',
  stall: 'El proveedor de IA dejó de responder.',
  aborted: 'Generación detenida.',
};

/** The one error type of AI providers; `kind` says what happened, `message` is for people (Spanish). */
export class AiProviderError extends Error {
  readonly kind: AiErrorKind;
  /** The upstream HTTP status when there was one. */
  readonly status: number | undefined;
  /** For rate limits: how long the upstream asked to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  /** The upstream's own message (for logs, not for people). */
  readonly detail: string | undefined;

  constructor(
    kind: AiErrorKind,
    options: { message?: string; status?: number; retryAfterMs?: number; detail?: string; cause?: unknown } = {},
  ) {
    super(options.message ?? defaultMessages[kind], { cause: options.cause });
    this.name = 'AiProviderError';
    this.kind = kind;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.detail = options.detail;
  }
}

/** How an AI provider's failure is told to people, and the HTTP status when the stream has not started. */
export function describeAiError(error: AiProviderError): { code: string; status: number; message: string } {
  switch (error.kind) {
    case 'rate_limit':
      return { code: 'RATE_LIMITED', status: 429, message: error.message };
    case 'aborted':
      return { code: 'ABORTED', status: 499, message: error.message };
    case 'stall':
      return { code: 'UPSTREAM_STALLED', status: 503, message: error.message };
    default:
      return { code: `UPSTREAM_${error.kind.toUpperCase()}`, status: 502, message: error.message };
  }
}
