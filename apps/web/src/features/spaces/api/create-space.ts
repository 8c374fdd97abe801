import type { CreateSpaceBody, SpaceResponse } from '@div/shared/spaces';
import { SPACE_DESCRIPTION } from '@div/shared/spaces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { spacesQueryKey } from './list-spaces';

export function createSpace(name: string) {
  const body: CreateSpaceBody = { name: name.trim(), description: SPACE_DESCRIPTION };
  return api<SpaceResponse>('/api/spaces', { method: 'POST', body });
}

export function useCreateSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSpace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spacesQueryKey }),
  });
}
