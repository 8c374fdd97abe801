import { errorCodes, type FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * The JSON body parser of every route (issue 19, ADR 0150). While the body arrives, each chunk's
 * bytes are counted before anything is built: more than JSON_MAX_DEPTH nested arrays or objects, or
 * more than JSON_MAX_ELEMENTS values, answer 400 at once and the rest of the body is never read or
 * kept. So '['.repeat(1e7) is refused after its first chunk instead of blocking the event loop for
 * seconds and building hundreds of megabytes of arrays. An empty body is no body (many clients send
 * `content-type: application/json` on every request); routes that need a body say so in their schema.
 */

/** Deeper than any request of ours (the deepest contract nests about 6 levels). */
export const JSON_MAX_DEPTH = 64;
/** Values (array items and object members) in one body: 100 files of a space are a few hundred. */
export const JSON_MAX_ELEMENTS = 100_000;

export const JSON_TOO_DEEP_MESSAGE = `El JSON anida demasiados niveles (máximo ${JSON_MAX_DEPTH}).`;
export const JSON_TOO_MANY_MESSAGE = `El JSON tiene demasiados elementos (máximo ${JSON_MAX_ELEMENTS}).`;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const COMMA = 44;

type Over = 'depth' | 'elements';

/**
 * Counts what JSON.parse would build, chunk by chunk, over UTF-8 bytes (the structural characters are
 * ASCII and never appear inside a multi-byte character). It does not check the syntax: JSON.parse
 * does that once the whole body is in.
 */
export class JsonShapeScanner {
  private depth = 0;
  /** Containers and commas: about one per value. */
  private elements = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limits = { maxDepth: JSON_MAX_DEPTH, maxElements: JSON_MAX_ELEMENTS }) {}

  /** Why the body so far is over the limits, or undefined while it is within them. */
  push(chunk: Uint8Array): Over | undefined {
    const length = chunk.length;
    let i = 0;
    // Inside strings the next quote and backslash are found natively, each search reused until passed.
    let nextQuote = -1;
    let nextBackslash = -1;
    while (i < length) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i += 1;
          continue;
        }
        if (nextQuote < i && nextQuote !== length) nextQuote = indexIn(chunk, QUOTE, i);
        if (nextBackslash < i && nextBackslash !== length) nextBackslash = indexIn(chunk, BACKSLASH, i);
        if (nextBackslash < nextQuote) {
          this.escaped = true;
          i = nextBackslash + 1;
        } else {
          if (nextQuote < length) this.inString = false;
          i = nextQuote + 1;
        }
        continue;
      }
      const c = chunk[i] as number;
      i += 1;
      if (c === QUOTE) {
        this.inString = true;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        this.depth += 1;
        this.elements += 1;
        if (this.depth > this.limits.maxDepth) return 'depth';
        if (this.elements > this.limits.maxElements) return 'elements';
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        this.depth -= 1;
      } else if (c === COMMA) {
        this.elements += 1;
        if (this.elements > this.limits.maxElements) return 'elements';
      }
    }
    return undefined;
  }
}

/** Index of `byte` in `chunk` from `from`, or the chunk's length when there is none. */
function indexIn(chunk: Uint8Array, byte: number, from: number): number {
  const at = chunk.indexOf(byte, from);
  return at === -1 ? chunk.length : at;
}

/** Why a whole JSON text is over the limits, or undefined. */
export function jsonOverLimits(text: string): Over | undefined {
  return new JsonShapeScanner().push(Buffer.from(text, 'utf8'));
}

/** A body refused by the limits: a 400 that says which. */
export class JsonLimitError extends AppError {
  constructor(over: Over) {
    super('VALIDATION', over === 'depth' ? JSON_TOO_DEEP_MESSAGE : JSON_TOO_MANY_MESSAGE);
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}

/**
 * Replaces Fastify's JSON parser on `app` (and every scope under it that keeps the default). It reads
 * the stream itself, so it also keeps Fastify's checks: the route's body limit (413, from the declared
 * length at once) and a body shorter or longer than its declared length (400).
 */
export function registerJsonBodyParser(app: FastifyInstance, defaultLimit: number): void {
  // Fastify's own parser at the end: it refuses __proto__ and constructor.prototype keys.
  const secureParse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? defaultLimit;
    const declared = request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']);
    if (declared !== undefined && declared > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    const scanner = new JsonShapeScanner();
    const chunks: Buffer[] = [];
    let received = 0;
    let finished = false;
    const finish = (error: Error | null, body?: unknown) => {
      if (finished) return;
      finished = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      chunks.length = 0;
      done(error, body);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      const over = scanner.push(bytes);
      if (over) return finish(new JsonLimitError(over));
      chunks.push(bytes);
    };
    const onEnd = () => {
      if (declared !== undefined && received !== declared) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      const text = Buffer.concat(chunks, received).toString('utf8');
      if (isBlank(text)) return finish(null, undefined);
      secureParse(request, text, (error, body) => finish(error, body));
    };
    const onError = (error: Error) => finish(error);
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}
