import { PREVIEW_FORMS_PATH } from '@div/shared/constants';
import type { PreviewFormsToken, SubmissionList } from '@div/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { spacePath } from './early-requests';

/** Unread submissions of the space's forms, for the tools' "Formularios" badge (owners and editors). */
export function useFormsUnread(spaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['space', spaceId, 'submissions', 'unread'],
    queryFn: async () => (await api<SubmissionList>(`${spacePath(spaceId)}/submissions?limit=1`)).unread,
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}

/**
 * Where the preview posts its forms as test submissions (ADR 0195): the preview endpoint with a
 * token for this space, fetched with the editor's session and handed to the sandboxed frame.
 */
export function usePreviewFormsEndpoint(spaceId: string, enabled: boolean): string | undefined {
  const token = useQuery({
    queryKey: ['space', spaceId, 'preview-forms-token'],
    queryFn: () => api<PreviewFormsToken>(`${spacePath(spaceId)}/forms/preview-token`),
    enabled,
    retry: false,
    // Tokens last 12 hours; a fresh one well before.
    staleTime: 6 * 3_600_000,
    refetchInterval: 6 * 3_600_000,
  });
  if (!token.data) return undefined;
  return `${window.location.origin}${PREVIEW_FORMS_PATH}/{name}?token=${encodeURIComponent(token.data.token)}`;
}
