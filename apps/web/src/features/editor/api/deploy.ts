import { api } from '../../../lib/api';

/** Publishing is a later issue; today the server answers a JSON 404 with its message. */
export function deploySpace(spaceId: string) {
  return api<{ url?: string; message?: string }>('/api/deploy', { method: 'POST', body: { spaceId } });
}
