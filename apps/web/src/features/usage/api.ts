import { USAGE_ERROR } from '@div/shared/billing';
import type { UsageResponse } from '@div/shared/usage';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** GET /api/user/usage, bucketed in the browser's time zone. */
export async function fetchUsage(): Promise<UsageResponse> {
  const tz = browserTimeZone();
  try {
    return await api<UsageResponse>(`/api/user/usage${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    throw new Error(USAGE_ERROR);
  }
}

export function useUsage() {
  return useQuery({ queryKey: ['user', 'usage'], queryFn: fetchUsage, retry: false });
}
