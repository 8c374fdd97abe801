import type { ApiKeyResponse, CreateApiKeyResponse, ListApiKeysResponse } from '@div/shared/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const key = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: key, queryFn: () => api<ListApiKeysResponse>('/api/keys') });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<CreateApiKeyResponse>('/api/keys', { method: 'POST', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKeyResponse>(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
