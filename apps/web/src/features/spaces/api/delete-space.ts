import type { ListSpacesResponse } from '@div/shared/spaces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { spacesQueryKey } from './list-spaces';

export function deleteSpace(id: string) {
  return api<unknown>(`/api/spaces/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSpace,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<ListSpacesResponse>(spacesQueryKey, (current) =>
        current ? { spaces: current.spaces.filter((space) => space.id !== id) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
    },
  });
}
