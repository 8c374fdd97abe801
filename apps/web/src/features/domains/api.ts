import type {
  AnalyticsResponse,
  CustomDomain,
  DeployResponse,
  ListDeploymentsResponse,
  ListSitesResponse,
  SeoSettings,
  Site,
} from '@div/shared/publishing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const useSites = () => useQuery({ queryKey: ['sites'], queryFn: () => api<ListSitesResponse>('/api/sites') });

export const useDomains = () =>
  useQuery({ queryKey: ['domains'], queryFn: async () => (await api<{ domains: CustomDomain[] }>('/api/domains')).domains });

export const useDeployments = (spaceId: string) =>
  useQuery({
    queryKey: ['sites', spaceId, 'deployments'],
    queryFn: async () => (await api<ListDeploymentsResponse>(`/api/sites/${spaceId}/deployments`)).deployments,
  });

export const useSeo = (spaceId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['sites', spaceId, 'seo'],
    enabled,
    queryFn: async () => (await api<{ seo: SeoSettings }>(`/api/sites/${spaceId}/seo`)).seo,
  });

export const useAnalytics = (spaceId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['sites', spaceId, 'analytics'],
    enabled,
    queryFn: () => api<AnalyticsResponse>(`/api/sites/${spaceId}/analytics?days=30`),
  });

/** Mutations of the domain manager; each refreshes what it changed. */
export function useDomainActions() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: ['sites'] }), client.invalidateQueries({ queryKey: ['domains'] })]);
  const after = { onSuccess: refresh };
  return {
    rename: useMutation({
      mutationFn: ({ spaceId, slug }: { spaceId: string; slug: string }) =>
        api<{ site: Site }>(`/api/sites/${spaceId}/slug`, { method: 'PUT', body: { slug } }),
      ...after,
    }),
    activate: useMutation({
      mutationFn: ({ spaceId, deploymentId }: { spaceId: string; deploymentId: string }) =>
        api<DeployResponse>(`/api/sites/${spaceId}/deployments/${deploymentId}/activate`, { method: 'POST' }),
      ...after,
    }),
    add: useMutation({
      mutationFn: ({ spaceId, domain }: { spaceId: string; domain: string }) =>
        api<{ domain: CustomDomain }>('/api/domains', { method: 'POST', body: { spaceId, domain } }),
      ...after,
    }),
    verify: useMutation({
      mutationFn: (id: string) => api<{ domain: CustomDomain }>(`/api/domains/${id}/verify`, { method: 'POST' }),
      ...after,
    }),
    makeDefault: useMutation({
      mutationFn: (id: string) => api<{ domain: CustomDomain }>(`/api/domains/${id}/default`, { method: 'POST' }),
      ...after,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<unknown>(`/api/domains/${id}`, { method: 'DELETE' }),
      ...after,
    }),
    saveSeo: useMutation({
      mutationFn: ({ spaceId, seo }: { spaceId: string; seo: SeoSettings }) =>
        api<{ seo: SeoSettings }>(`/api/sites/${spaceId}/seo`, { method: 'PUT', body: seo }),
      onSuccess: () => client.invalidateQueries({ queryKey: ['sites'] }),
    }),
  };
}
