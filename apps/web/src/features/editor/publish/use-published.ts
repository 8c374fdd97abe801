import type { ListDeploymentsResponse, Site } from '@div/shared/publishing';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const publishedQueryKey = (spaceId: string) => ['published', spaceId] as const;

/** Where the space is live, since when, and from which revision of its files (null: not published). */
export interface PublishedState {
  address: string;
  url: string;
  at: string;
  /** The space revision the live deployment was made from (null when the server did not record it). */
  revision: number | null;
}

async function readPublished(spaceId: string, canEdit: boolean): Promise<PublishedState | null> {
  const id = encodeURIComponent(spaceId);
  const { site } = await api<{ site: Site }>(`/api/sites/${id}`);
  if (!site.liveDeploymentId) return null;
  // The deployments list is for people who may publish; a viewer sees the address and the date.
  const live = canEdit
    ? (await api<ListDeploymentsResponse>(`/api/sites/${id}/deployments`)).deployments.find((d) => d.live)
    : undefined;
  return {
    address: site.address,
    url: site.url,
    at: live?.createdAt ?? site.deployedAt ?? '',
    revision: live?.sourceRevision ?? null,
  };
}

/** The editor's published-site chip reads this; a deploy invalidates it. */
export function usePublished(spaceId: string, canEdit: boolean) {
  return useQuery({
    queryKey: publishedQueryKey(spaceId),
    queryFn: () => readPublished(spaceId, canEdit),
    retry: false,
    staleTime: 60_000,
  });
}
