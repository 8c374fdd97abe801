import { v1ErrorSchema } from '@div/shared/developer-api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { KeyOwner } from '../api-keys/service';

/** Error answers every /v1 route may give (documented in the OpenAPI document). */
export const v1Errors = { 400: v1ErrorSchema, 401: v1ErrorSchema, 404: v1ErrorSchema, 429: v1ErrorSchema };

export interface RequestState {
  owner: KeyOwner;
  /** Whether the request passed the limits (rejected ones are not recorded as API calls). */
  counted: boolean;
  /** Whether the call's usage event is recorded by what it ran (a generation records its own). */
  accounted?: boolean;
}

/** What each /v1 resource's routes are handed by routes.ts, which authenticates and counts the call. */
export interface V1Routes {
  ctx: AppContext;
  /** The key owner and the call's accounting, set by the /v1 authentication hook. */
  stateOf: (request: FastifyRequest) => RequestState;
  errors: typeof v1Errors;
}
