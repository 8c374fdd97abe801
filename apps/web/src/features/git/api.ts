import type {
  GitConnectBody,
  GitPullBody,
  GitPullResponse,
  GitPushResponse,
  GitResolveBody,
  GitSettingsBody,
  GitStatus,
} from '@div/shared/git';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const gitQueryKey = (spaceId: string) => ['git', spaceId] as const;
const base = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}/git`;

/** The space's git status (members); read when the tools open. */
export function useGitStatus(spaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: gitQueryKey(spaceId),
    queryFn: () => api<GitStatus>(base(spaceId)),
    enabled,
    staleTime: 10_000,
  });
}

export const connectGit = (spaceId: string, body: GitConnectBody) => api<GitStatus>(base(spaceId), { method: 'PUT', body });
export const disconnectGit = (spaceId: string) => api<void>(base(spaceId), { method: 'DELETE' });
export const pushGit = (spaceId: string) => api<GitPushResponse>(`${base(spaceId)}/push`, { method: 'POST' });
export const pullGit = (spaceId: string, body?: GitPullBody) =>
  api<GitPullResponse>(`${base(spaceId)}/pull`, { method: 'POST', ...(body ? { body } : {}) });
/** Settles a conflict with a side per file, against the remote commit and revision the 409 showed. */
export const resolveGit = (spaceId: string, body: GitResolveBody) =>
  api<GitPullResponse>(`${base(spaceId)}/resolve`, { method: 'POST', body });
export const updateGitSettings = (spaceId: string, body: GitSettingsBody) =>
  api<GitStatus>(base(spaceId), { method: 'PATCH', body });
