import type { Version } from '@div/shared/spaces';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { deploySpace } from './api/deploy';
import { fixPageError, reportFixOutcome } from './api/fix-error';
import { resetSpace } from './api/reset-space';
import { restoreVersion } from './api/restore-version';
import { useEditorStore } from './editor-store';
import type { FileSession } from './files/use-file-session';
import { assembleDocument } from './preview/preview-document';
import { publishedQueryKey } from './publish/use-published';
import { openInNewWindow } from './tools/open-window';
import { verifyPreview } from './verify-fix';

/** What the tools modal and the error toast can do. */
export function useEditorActions({
  spaceId,
  session,
  setVersions,
  onUnauthorized,
}: {
  spaceId: string;
  session: FileSession;
  setVersions: Dispatch<SetStateAction<Version[]>>;
  onUnauthorized: () => void;
}) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const queryClient = useQueryClient();
  const [restoringId, setRestoringId] = useState<string | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);

  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 401) return onUnauthorized();
    toast.error(error instanceof ApiError && error.status !== 500 ? error.message : fallback);
  };

  const restore = async (version: Version) => {
    setRestoringId(version.id);
    try {
      await session.save();
      const result = await restoreVersion(spaceId, version.id);
      session.replace(
        result.files.map((file) => ({ path: file.id, content: file.content })),
        result.revision,
      );
      setVersions((current) => [result.version, ...current]);
      toast.success(t('history.restored'));
    } catch (error) {
      failed(error, t('history.restoreError'));
    } finally {
      setRestoringId(null);
    }
  };

  const reset = () => {
    if (store.get().aiBusy) {
      toast.warning(t('reset.busy'));
      return;
    }
    setConfirmingReset(true);
  };

  const confirmReset = async () => {
    if (store.get().aiBusy) {
      toast.warning(t('reset.busy'));
      return;
    }
    try {
      await session.save();
      const result = await resetSpace(spaceId);
      session.replace(
        result.files.map((file) => ({ path: file.id, content: file.content })),
        result.revision,
      );
      setVersions((current) => [result.version, ...current]);
      toast.success(t('reset.done'));
    } catch (error) {
      failed(error, t('reset.error'));
    }
  };

  /** 'Solucionar problema': the AI (or the local composer) fixes the page; one message. */
  const fixProblem = async (error?: string) => {
    const html = session.files.find((file) => file.path === 'index.html')?.content ?? '';
    try {
      await session.save();
      const answer = await fixPageError({ html, error: error?.trim() || 'Error de JavaScript en la vista previa' });
      if ('html' in answer) {
        // Only a fix the preview ran without the error coming back is called a fix; otherwise the
        // page goes back to what it was.
        const verdict = verifyPreview(store.preview);
        await session.put('index.html', answer.html);
        const seen = await verdict;
        if (seen.ok) toast.success(t('fixDone'));
        else {
          await session.put('index.html', html);
          // A fix that did not work costs nothing: the server gives its message back.
          if (answer.fixId) await reportFixOutcome({ fixId: answer.fixId, worked: false }).catch(() => undefined);
          toast.error(t('fixDidNotWork'), { description: seen.error ?? undefined });
        }
      } else {
        toast.error(t('fixFailed'), { description: answer.message });
      }
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) return onUnauthorized();
      toast.error(t('fixFailed'), {
        description: caught instanceof ApiError ? caught.message : undefined,
      });
    }
  };

  const deploy = async () => {
    const html = session.files.find((file) => file.path === 'index.html')?.content ?? '';
    if (!html.trim()) {
      toast.error(t('deploy.noContent'));
      return;
    }
    try {
      await session.save();
      const result = await deploySpace(spaceId);
      // The header's chip shows the new address, time and revision.
      void queryClient.invalidateQueries({ queryKey: publishedQueryKey(spaceId) });
      const url = result.url;
      // It waits for "Abrir sitio" (lib/toast: a toast with an action stays until closed); a new publish replaces it.
      toast.success(t('deploy.success'), {
        id: 'published',
        description: url ?? result.message,
        // The published site opens on its own origin, never the app's.
        action: url ? { label: t('deploy.open'), onClick: () => window.open(url, '_blank', 'noopener,noreferrer') } : undefined,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onUnauthorized();
      toast.error(t('deploy.failed'), { description: error instanceof ApiError ? error.message : undefined });
    }
  };

  return {
    restoringId,
    confirmingReset,
    setConfirmingReset,
    restore: (version: Version) => void restore(version),
    reset,
    confirmReset: () => void confirmReset(),
    refresh: () => store.set((state) => ({ previewNonce: state.previewNonce + 1 })),
    openWindow: () => openInNewWindow(assembleDocument(session.files)),
    deploy: () => void deploy(),
    fix: (error?: string) => void fixProblem(error),
  };
}
