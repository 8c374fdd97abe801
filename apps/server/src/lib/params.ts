import { hasControlCharacters } from '@div/shared/spaces';
import { z } from 'zod';

/**
 * A resource id in a route (`/spaces/:id`…): 1–100 characters without control characters. A NUL byte
 * can never match a row and must not reach a statement other requests share (ADR 0155).
 */
export const resourceId = z
  .string()
  .min(1)
  .max(100)
  .refine((id) => !hasControlCharacters(id), 'Identificador no válido');

export const idParams = z.object({ id: resourceId });
