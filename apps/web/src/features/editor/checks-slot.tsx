import type { ChecksResponse, Finding } from '@div/shared/checks';
import type { Version } from '@div/shared/spaces';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, lazy, type SetStateAction, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { translate, useTranslation } from '../../lib/i18n';
import { checksQueryKey, fetchChecks, fixChecks, useChecks } from '../checks/api';
import { ChecksButton } from '../checks/checks-button';
import type { FileSession } from './files/use-file-session';

/*
 * The editor's slot for features/checks (issue 40): the score beside the header's actions, the
 * Revisión panel, "Corregir todo" (one version, undone by restoring the one before), and the
 * summary before publishing. The panel and the dialog load on first use.
 */
const ChecksPanel = lazy(() => import('../checks/checks-panel').then((module) => ({ default: module.ChecksPanel })));
const PublishChecksDialog = lazy(() =>
  import('../checks/publish-dialog').then((module) => ({ default: module.PublishChecksDialog })),
);

export function useChecksSlot({
  spaceId,
  revision,
  canEdit,
  session,
  versions,
  setVersions,
  restore,
  onJump,
  onUnauthorized,
}: {
  spaceId: string;
  revision: number;
  canEdit: boolean;
  session: FileSession;
  versions: Version[];
  setVersions: Dispatch<SetStateAction<Version[]>>;
  restore: (version: Version) => void;
  onJump: (finding: Finding) => void;
  onUnauthorized: () => void;
}) {
  const { t, i18n } = useTranslation('checks');
  const queryClient = useQueryClient();
  const [nonce, setNonce] = useState(0);
  // A new version (a fix, its undo, a generation) or a save before opening checks again.
  const stamp = `${revision}:${versions[0]?.id ?? ''}:${nonce}`;
  const checks = useChecks(spaceId, stamp);
  const [open, setOpen] = useState(false);
  const [fixing, setFixing] = useState(false);
  // The version from before the last "Corregir todo": the panel and the toast offer to go back to it.
  const [undoable, setUndoable] = useState<Version | null>(null);
  // The publish dialog: null while checking, undefined when the check failed.
  const [publishing, setPublishing] = useState<{ checks: ChecksResponse | null | undefined; deploy: () => void } | null>(null);

  const openPanel = () => {
    setOpen(true);
    void session.save().then(() => setNonce((n) => n + 1));
  };

  const fixAll = async () => {
    setFixing(true);
    const before = versions[0];
    try {
      await session.save();
      const result = await fixChecks(spaceId);
      if (!result.version) {
        queryClient.setQueryData([...checksQueryKey(spaceId), stamp], result);
        toast.info(t('fixedNone'));
        return;
      }
      // The findings of the fixed files, under the stamp the new version makes.
      queryClient.setQueryData([...checksQueryKey(spaceId), `${revision}:${result.version.id}:${nonce}`], result);
      session.replace(
        result.files.map((file) => ({ path: file.id, content: file.content })),
        result.revision,
      );
      setVersions((current) => [result.version as Version, ...current]);
      setUndoable(before ?? null);
      const language = i18n.language === 'en' ? 'en' : 'es';
      toast.success(t('fixed', { count: result.fixed }), {
        description: result.review
          .map((note) => translate(language, 'checks', 'review', { text: note.message[language] }))
          .join(' '),
        action: before ? { label: t('undo'), onClick: () => undo(before) } : undefined,
        duration: 30_000,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onUnauthorized();
      toast.error(t('fixError'), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setFixing(false);
    }
  };

  const undo = (version: Version) => {
    setUndoable(null);
    restore(version);
  };

  /**
   * Publishing runs the check first: with errors, the summary asks before publishing (and
   * "Publicar igualmente" publishes); without, or when the check cannot run, it publishes at once.
   */
  const beforePublish = (deploy: () => void) => {
    void session
      .save()
      .then(() => fetchChecks(spaceId))
      .then(
        (fresh) => {
          queryClient.setQueryData([...checksQueryKey(spaceId), stamp], fresh);
          if (fresh.summary.errors > 0) setPublishing({ checks: fresh, deploy });
          else deploy();
        },
        () => deploy(),
      );
  };

  const button = <ChecksButton score={checks.data?.summary.score} onOpen={openPanel} />;
  const dialogs = (
    <Suspense fallback={null}>
      {open && (
        <ChecksPanel
          open
          onOpenChange={setOpen}
          checks={checks}
          canEdit={canEdit}
          fixing={fixing}
          onFixAll={() => void fixAll()}
          onUndo={undoable ? () => undo(undoable) : undefined}
          onJump={(finding) => {
            setOpen(false);
            onJump(finding);
          }}
        />
      )}
      {publishing && (
        <PublishChecksDialog
          checks={publishing.checks}
          onCancel={() => setPublishing(null)}
          onOpenChecks={() => {
            setPublishing(null);
            openPanel();
          }}
          onPublish={() => {
            setPublishing(null);
            publishing.deploy();
          }}
        />
      )}
    </Suspense>
  );
  return { button, dialogs, beforePublish, refresh: () => setNonce((n) => n + 1) };
}
