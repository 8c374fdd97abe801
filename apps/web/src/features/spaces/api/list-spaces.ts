import type { ListSpacesResponse } from '@div/shared/spaces';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

import { spacesQueryKey } from '../../../lib/query-keys';

export { spacesQueryKey };

/** The pages of the projects list loaded so far. */
export type SpacesPages = InfiniteData<ListSpacesResponse, string | null>;

/** One page of the projects list; `cursor` is the previous page's `nextCursor`. */
export function listSpaces(cursor: string | null) {
  return api<ListSpacesResponse>(cursor ? `/api/spaces?cursor=${encodeURIComponent(cursor)}` : '/api/spaces');
}

/** The signed-in user's projects, newest first, one page at a time (`fetchNextPage` loads more). */
export function useSpaces() {
  return useInfiniteQuery({
    queryKey: spacesQueryKey,
    queryFn: ({ pageParam }) => listSpaces(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });
}
