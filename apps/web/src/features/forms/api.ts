import type {
  FormSettings,
  Submission,
  SubmissionFolder,
  SubmissionList,
  TestSendResult,
  UpdateFormSettings,
} from '@div/shared/forms';
import type { SpaceDetailResponse } from '@div/shared/spaces';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { getSession } from '../../lib/session';

/** The owner's side of a space's forms (issue 23): its inbox and notification settings. */

export type Folder = SubmissionFolder;

const base = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}`;

export const inboxKey = (spaceId: string) => ['space', spaceId, 'submissions'] as const;
export const formSettingsKey = (spaceId: string) => ['space', spaceId, 'form-settings'] as const;

/** The space's name and the signed-in person's role in it. */
export function useSpaceHeader(spaceId: string) {
  return useQuery({
    queryKey: ['space', spaceId, 'header'],
    queryFn: async () => {
      const detail = await api<SpaceDetailResponse>(base(spaceId));
      return { name: detail.space.name, role: detail.access.role, plan: detail.access.owner.plan };
    },
    retry: false,
    staleTime: 60_000,
  });
}

export function useSubmissions(spaceId: string, folder: Folder, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...inboxKey(spaceId), folder, q],
    queryFn: () => {
      const params = new URLSearchParams({ folder, limit: '100' });
      if (q) params.set('q', q);
      return api<SubmissionList>(`${base(spaceId)}/submissions?${params}`);
    },
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function updateSubmission(spaceId: string, id: string, change: { read?: boolean; spam?: boolean }) {
  return api<Submission>(`${base(spaceId)}/submissions/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
}

export function deleteSubmission(spaceId: string, id: string) {
  return api<void>(`${base(spaceId)}/submissions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function deleteAllSubmissions(spaceId: string, folder: Folder) {
  return api<{ deleted: number }>(`${base(spaceId)}/submissions?folder=${folder}`, { method: 'DELETE' });
}

/** Downloads the folder as CSV (the API answers it with the session's bearer token, so not a plain link). */
export async function downloadCsv(spaceId: string, folder: Folder, q: string) {
  const params = new URLSearchParams({ folder });
  if (q) params.set('q', q);
  const token = getSession()?.token;
  const response = await fetch(`${base(spaceId)}/submissions/export.csv?${params}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? response.statusText, 'EXPORT', body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `formularios-${spaceId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useFormSettings(spaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: formSettingsKey(spaceId),
    queryFn: () => api<FormSettings>(`${base(spaceId)}/form-settings`),
    enabled,
    retry: false,
  });
}

export function updateFormSettings(spaceId: string, change: UpdateFormSettings) {
  return api<FormSettings>(`${base(spaceId)}/form-settings`, { method: 'PATCH', body: change });
}

export function testSend(spaceId: string, channel: 'email' | 'webhook'): Promise<TestSendResult> {
  return api<TestSendResult>(`${base(spaceId)}/form-settings/test`, { method: 'POST', body: { channel } });
}

/** Mails a new confirmation link to a pending notice address (ADR 0249). */
export function resendConfirmation(spaceId: string): Promise<TestSendResult> {
  return api<TestSendResult>(`${base(spaceId)}/form-settings/confirmation`, { method: 'POST' });
}
