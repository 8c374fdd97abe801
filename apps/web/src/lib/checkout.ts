import type { CheckoutRequest, RedirectUrlResponse } from '@div/shared/billing';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api } from './api';
import { useStoredSession } from './session';
import { toast } from './toast';

/** POST /api/payment/create-checkout-session: the answered `url` is where the browser goes. */
export function createCheckoutSession(body: CheckoutRequest) {
  return api<RedirectUrlResponse>('/api/payment/create-checkout-session', { method: 'POST', body });
}

/**
 * Starting a paid plan's checkout (the plan pages): signed-out people are sent to /login, the chosen
 * plan shows as pending until the browser leaves, and a failure is a toast (the server's message,
 * else `errorMessage`).
 */
export function useCheckout(errorMessage: string) {
  const session = useStoredSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const start = async (planId: string, priceId: string) => {
    if (!session) {
      navigate('/login');
      return;
    }
    setPending(planId);
    try {
      const { url } = await createCheckoutSession({ priceId });
      window.location.assign(url);
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : errorMessage);
      setPending(null);
    }
  };
  return { pending, start };
}
