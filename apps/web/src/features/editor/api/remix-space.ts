import type { SpaceSummary } from '@div/shared/spaces';
import { api } from '../../../lib/api';

/** POST /api/remix: a new space of the signed-in person with every file of `spaceId` (ADR 0210). */
export async function remixSpace(spaceId: string): Promise<SpaceSummary> {
  return (await api<{ space: SpaceSummary }>('/api/remix', { method: 'POST', body: { spaceId } })).space;
}
