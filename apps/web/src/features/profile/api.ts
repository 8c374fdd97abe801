import type { ProfileEdit, ProfileResponse, ProfileSaveResponse } from '@div/shared/profile';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const siteProfileQueryKey = (spaceId: string) => ['site-profile', spaceId] as const;

const url = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}/profile`;

/** "Lo que entendí" of the space; a new `stamp` (a new version: a generation, a restore) reads it again. */
export function useSiteProfile(spaceId: string, stamp: string) {
  return useQuery({
    queryKey: [...siteProfileQueryKey(spaceId), stamp],
    queryFn: () => api<ProfileResponse>(url(spaceId)),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** Saves the card's corrections: written on the page where the composer can, else stored. */
export function saveSiteProfile(spaceId: string, edit: ProfileEdit) {
  return api<ProfileSaveResponse>(url(spaceId), { method: 'PUT', body: edit });
}
