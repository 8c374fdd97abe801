import type { VersionChangeResponse } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/** Snapshots the current files as one "Edición visual" version (a run of visual edits, grouped). */
export function saveVisualVersion(spaceId: string) {
  return api<VersionChangeResponse>(`/api/spaces/${encodeURIComponent(spaceId)}/versions`, {
    method: 'POST',
    body: { source: 'visual' },
  });
}
