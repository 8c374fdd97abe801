import type { UserProfile } from '@div/shared/auth';
import type { CheckoutRequest, RedirectUrlResponse } from '@div/shared/billing';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The signed-in user's profile (plan, developerPlan); nothing is asked while signed out. */
export function useProfile(signedIn: boolean) {
  return useQuery({
    queryKey: ['user', 'profile'],
    queryFn: () => api<UserProfile>('/api/user/profile'),
    enabled: signedIn,
    staleTime: 30_000,
  });
}

/** POST /api/payment/create-checkout-session: the answered `url` is where the browser goes. */
export function createCheckoutSession(body: CheckoutRequest) {
  return api<RedirectUrlResponse>('/api/payment/create-checkout-session', { method: 'POST', body });
}
