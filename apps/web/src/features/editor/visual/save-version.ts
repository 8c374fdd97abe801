import type { CreateVersionBody, VersionChangeResponse } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/**
 * Snapshots the current files as a version: `source: 'visual'` for a run of visual edits, grouped
 * ("Edición visual"), or a saved version named by its prompt (an AI answer applied after asking).
 */
export function saveVersion(spaceId: string, body: CreateVersionBody) {
  return api<VersionChangeResponse>(`/api/spaces/${encodeURIComponent(spaceId)}/versions`, { method: 'POST', body });
}
