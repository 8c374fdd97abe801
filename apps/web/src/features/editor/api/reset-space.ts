import type { VersionChangeResponse } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/** Puts the default starter page back, as a new version. */
export function resetSpace(spaceId: string) {
  return api<VersionChangeResponse>(`/api/spaces/${encodeURIComponent(spaceId)}/reset`, { method: 'POST' });
}
