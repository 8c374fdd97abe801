import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SpacesPages, spacesQueryKey } from './list-spaces';

export function deleteSpace(id: string) {
  return api<unknown>(`/api/spaces/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSpace,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<SpacesPages>(spacesQueryKey, (current) => {
        if (!current?.pages.some((page) => page.spaces.some((space) => space.id === id))) return current;
        const pages = current.pages.map((page) => ({
          ...page,
          spaces: page.spaces.filter((space) => space.id !== id),
          total: page.total - 1,
        }));
        return { ...current, pages };
      });
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
    },
  });
}
