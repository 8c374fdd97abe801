import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AppError, unauthenticated } from '../../lib/errors';
import { JsonLimitError } from '../../lib/json-body';
import { requireUser } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /api route that takes a body from anyone (the Stripe webhook): no session is asked for. */
    public?: boolean;
  }
}

/** Methods whose requests carry a body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sign-in before the body (issue 19, ADR 0150). Every /api route that takes a body, except those
 * declared `public`, is for signed-in people; a signed-out request answers 401 whatever its body.
 *
 * - Routes that accept more than `smallBodyLimit` (files, deploys, generations: about 21 MB)
 *   authenticate from the headers in `onRequest`, before a byte of the body is read: an anonymous
 *   request costs one session lookup, never the reading and parsing of megabytes.
 * - Routes with small bodies keep their one round trip on the happy path (renames check the session
 *   inside their statement, ADR 0138): only when their body is refused (unparsable, over the JSON
 *   limits, or not of the schema) is the session looked at, and a signed-out caller gets the 401.
 */
export function registerSignInFirst(api: FastifyInstance, ctx: AppContext, smallBodyLimit: number): void {
  api.addHook('onRequest', async (request, reply) => {
    if (!protectedBodyRoute(request)) return;
    if ((request.routeOptions.bodyLimit ?? 0) <= smallBodyLimit) return;
    await requireUser(ctx, request);
    // The client left while its session was looked up: its body will never be read, so the request
    // ends here (an answer nobody reads) instead of waiting, unfinished, for a body (graceful shutdown).
    if (request.raw.destroyed || reply.raw.destroyed) {
      await reply.code(400).send({ message: 'La conexión se cerró antes de enviar la petición.', code: 'CLIENT_LEFT' });
    }
  });
}

/**
 * The 401 to answer instead of `error` when a signed-out request's body was refused before its
 * handler ran; undefined when the error stands.
 */
export async function signedOutInstead(ctx: AppContext, request: FastifyRequest, error: unknown): Promise<AppError | undefined> {
  if (!request.url.startsWith('/api/') || !protectedBodyRoute(request) || !refusedBody(error)) return undefined;
  try {
    await requireUser(ctx, request);
    return undefined;
  } catch {
    return unauthenticated();
  }
}

function protectedBodyRoute(request: FastifyRequest): boolean {
  return BODY_METHODS.has(request.method) && !request.is404 && request.routeOptions.config?.public !== true;
}

/** Errors raised while reading, parsing or validating a body: before any handler ran. */
function refusedBody(error: unknown): boolean {
  if (error instanceof JsonLimitError || hasZodFastifySchemaValidationErrors(error)) return true;
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('FST_ERR_CTP_') || code === 'FST_ERR_VALIDATION');
}
