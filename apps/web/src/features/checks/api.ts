import type { ChecksResponse, FixChecksBody, FixChecksResponse } from '@div/shared/checks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const checksQueryKey = (spaceId: string) => ['checks', spaceId] as const;

export function fetchChecks(spaceId: string) {
  return api<ChecksResponse>(`/api/spaces/${encodeURIComponent(spaceId)}/checks`);
}

/** The Revisión of the space's saved files; a new `stamp` (the files changed) checks them again. */
export function useChecks(spaceId: string, stamp: string) {
  return useQuery({
    queryKey: [...checksQueryKey(spaceId), stamp],
    queryFn: () => fetchChecks(spaceId),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** Applies the deterministic fixes as one version ("Correcciones de la revisión"). */
export function fixChecks(spaceId: string, body: FixChecksBody = {}) {
  return api<FixChecksResponse>(`/api/spaces/${encodeURIComponent(spaceId)}/checks/fix`, { method: 'POST', body });
}
