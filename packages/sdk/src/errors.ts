/** An error answer of the API (`{ message, code }`), or a request that could not be made. */
export class DivApiError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: string;
  /** On a 429: which limit was hit. */
  readonly limit: 'minute' | 'month' | undefined;
  /** Seconds the server asked to wait (Retry-After), when it did. */
  readonly retryAfter: number | undefined;

  constructor(options: { status: number; code: string; message: string; limit?: 'minute' | 'month'; retryAfter?: number }) {
    super(options.message);
    this.name = 'DivApiError';
    this.status = options.status;
    this.code = options.code;
    this.limit = options.limit;
    this.retryAfter = options.retryAfter;
  }
}
