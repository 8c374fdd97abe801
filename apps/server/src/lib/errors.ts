import { type ErrorCode, errorStatus } from '@div/shared/errors';
import type { ModelTier } from '@div/shared/model-access';
import { type UpsellReason, upsellFor } from '@div/shared/upsell';

/** The one error type of the server: a code (mapped to an HTTP status) and a message for people. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.extra = extra;
  }
}

export const notFound = (message = 'No encontrado') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'No estás autenticado. Por favor, inicia sesión.') =>
  new AppError('UNAUTHENTICATED', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/**
 * A refusal of the plan: opens the upsell, which names the cheapest plan that unlocks `reason` at
 * its catalogue price (ADR 0185). On the top plan there is nothing to offer and only the message stays.
 */
export function planRefusal(
  code: ErrorCode,
  message: string,
  reason: UpsellReason,
  plan: string | null | undefined,
  options: { tier?: ModelTier } = {},
) {
  const upsell = upsellFor(reason, plan, options);
  return new AppError(code, message, upsell ? { openProModal: true, upsell } : {});
}
