import type { FixErrorResponse } from '@div/shared/generation';
import { api } from '../../../lib/api';

/** POST /api/fix-error: the fixed page, or why it could not be fixed. Metered (one message). */
export function fixPageError(body: { html: string; error: string }) {
  return api<FixErrorResponse>('/api/fix-error', { method: 'POST', body });
}
