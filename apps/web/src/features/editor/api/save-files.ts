import type { SaveFilesBody, SaveFilesResponse } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/** PUT /api/spaces/{id}/files with the revision the edits were made on (a stale one gets 409). */
export function saveFiles(id: string, body: SaveFilesBody, options: { keepalive?: boolean } = {}) {
  return api<SaveFilesResponse>(`/api/spaces/${encodeURIComponent(id)}/files`, {
    method: 'PUT',
    body,
    keepalive: options.keepalive,
  });
}
