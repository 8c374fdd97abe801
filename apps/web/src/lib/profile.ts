import type { UserProfile } from '@div/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The signed-in user's profile (plan, developerPlan, messages); nothing is asked while `enabled` is false. */
export function useProfile(enabled = true) {
  return useQuery({
    queryKey: ['user', 'profile'],
    queryFn: () => api<UserProfile>('/api/user/profile'),
    enabled,
    staleTime: 30_000,
  });
}
