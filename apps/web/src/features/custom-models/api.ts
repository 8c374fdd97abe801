import type {
  CreateCustomEndpointBody,
  CustomEndpointResponse,
  ListCustomEndpointsResponse,
  TestCustomEndpointResponse,
  UpdateCustomEndpointBody,
} from '@div/shared/custom-models';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const key = ['custom-models'] as const;
/** The prompt bar's model list (GET /api/ai/models) includes these models: refresh it too. */
const modelsKey = ['ai', 'models'] as const;

export function useCustomEndpoints(enabled: boolean) {
  return useQuery({ queryKey: key, queryFn: () => api<ListCustomEndpointsResponse>('/api/custom-models'), enabled });
}

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: modelsKey })]);
}

export function useSaveCustomEndpoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateCustomEndpointBody | UpdateCustomEndpointBody }) =>
      input.id
        ? api<CustomEndpointResponse>(`/api/custom-models/${encodeURIComponent(input.id)}`, { method: 'PATCH', body: input.body })
        : api<CustomEndpointResponse>('/api/custom-models', { method: 'POST', body: input.body }),
    onSuccess: refresh,
  });
}

export function useDeleteCustomEndpoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<CustomEndpointResponse>(`/api/custom-models/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useTestCustomEndpoint() {
  return useMutation({
    mutationFn: (id: string) =>
      api<TestCustomEndpointResponse>(`/api/custom-models/${encodeURIComponent(id)}/test`, { method: 'POST', body: {} }),
  });
}
