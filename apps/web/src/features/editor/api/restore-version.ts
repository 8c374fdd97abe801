import type { VersionChangeResponse } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/** Restoring appends a new version with the old files; nothing is overwritten. */
export function restoreVersion(spaceId: string, versionId: string) {
  return api<VersionChangeResponse>(
    `/api/spaces/${encodeURIComponent(spaceId)}/versions/${encodeURIComponent(versionId)}/restore`,
    { method: 'POST' },
  );
}
