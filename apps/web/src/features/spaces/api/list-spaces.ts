import type { ListSpacesResponse } from '@div/shared/spaces';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const spacesQueryKey = ['spaces'] as const;

export function listSpaces() {
  return api<ListSpacesResponse>('/api/spaces');
}

/** The signed-in user's projects, newest first. */
export function useSpaces() {
  return useQuery({ queryKey: spacesQueryKey, queryFn: listSpaces, retry: false });
}
