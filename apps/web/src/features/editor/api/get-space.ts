import type { SpaceDetailResponse } from '@div/shared/spaces';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { spacePath } from './early-requests';

export const spaceQueryKey = (id: string) => ['space', id] as const;

export function getSpace(id: string) {
  return api<SpaceDetailResponse>(spacePath(id));
}

/** The space with its files and versions. Not refetched in the background: the editor owns the files. */
export function useSpace(id: string) {
  return useQuery({
    queryKey: spaceQueryKey(id),
    queryFn: () => getSpace(id),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
