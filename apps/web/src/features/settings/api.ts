import { ACCOUNT_DELETE_CONFIRMATION, PORTAL_ERROR, type RedirectUrlResponse } from '@div/shared/billing';
import type { UsageResponse } from '@div/shared/usage';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

/** The allowance as the meter counts it (reset date included). */
export function useAllowance() {
  return useQuery({ queryKey: ['user', 'usage'], queryFn: () => api<UsageResponse>('/api/user/usage') });
}

/** POST /api/payment/portal; any failure but a 401 is one error, which the page tells in its language. */
export async function openPortal(): Promise<string> {
  try {
    const { url } = await api<RedirectUrlResponse>('/api/payment/portal', { method: 'POST' });
    return url;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    throw new Error(PORTAL_ERROR);
  }
}

export function logoutAll() {
  return api<unknown>('/api/auth/logout-all', { method: 'POST', credentials: 'include' });
}

export function deleteAccount() {
  return api<unknown>('/api/user', { method: 'DELETE', body: { confirmation: ACCOUNT_DELETE_CONFIRMATION } });
}
