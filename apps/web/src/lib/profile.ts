import type { UserProfile } from '@div/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The signed-in user's profile (plan, developer plan, messages), one query for the whole app.
 * `enabled: false` asks nothing (signed out); a screen may ask for fresher data or no retries.
 */
export function useProfile(options: { enabled?: boolean; staleTime?: number; retry?: boolean } = {}) {
  return useQuery({
    queryKey: ['user', 'profile'],
    queryFn: () => api<UserProfile>('/api/user/profile'),
    staleTime: 30_000,
    ...options,
  });
}
