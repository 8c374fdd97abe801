import type { FixErrorResponse, FixOutcomeResponse } from '@div/shared/generation';
import { api } from '../../../lib/api';

/** POST /api/fix-error: the fixed page, or why it could not be fixed. Metered (one message). */
export function fixPageError(body: { html: string; error: string }) {
  return api<FixErrorResponse>('/api/fix-error', { method: 'POST', body });
}

/** POST /api/fix-error/outcome: the fix did not work in the preview, so its message is given back. */
export function reportFixOutcome(body: { fixId: string; worked: boolean }) {
  return api<FixOutcomeResponse>('/api/fix-error/outcome', { method: 'POST', body });
}
