import type { RemixResponse } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/** The HTML of a published site or a public space. */
export function getRemix(id: string) {
  return api<RemixResponse>(`/api/remix/${encodeURIComponent(id)}`);
}
