import type { SpaceResponse } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/** The owner renames the space (PATCH /api/spaces/{id}, owner only). */
export function renameSpace(spaceId: string, name: string) {
  return api<SpaceResponse>(`/api/spaces/${encodeURIComponent(spaceId)}`, { method: 'PATCH', body: { name } });
}
