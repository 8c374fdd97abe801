import type { ChecksResponse, Finding } from '@div/shared/checks';
import { summarizeFindings } from '@div/shared/checks-score';
import type { Version } from '@div/shared/spaces';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, lazy, type SetStateAction, Suspense, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api';
import { translate, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { checksQueryKey, fetchChecks, fixChecks, useChecks } from '../checks/api';
import { ChecksButton } from '../checks/checks-button';
import { useEditorStore, useEditorUi } from './editor-store';
import type { FileSession } from './files/use-file-session';

/*
 * The editor's slot for features/checks (issue 40): the score beside the header's actions, the
 * Revisión panel, "Corregir todo" (one version, undone by restoring the one before), and the
 * summary before publishing. The panel and the dialog load on first use.
 */
const ChecksPanel = lazy(() => import('../checks/checks-panel').then((module) => ({ default: module.ChecksPanel })));
const BrowserChecksFrames = lazy(() =>
  import('./preview/browser-checks').then((module) => ({ default: module.BrowserChecksFrames })),
);
const PublishChecksDialog = lazy(() =>
  import('../checks/publish-dialog').then((module) => ({ default: module.PublishChecksDialog })),
);

const NONE: Finding[] = [];

export function useChecksSlot({
  spaceId,
  revision,
  canEdit,
  session,
  versions,
  setVersions,
  restore,
  onJump,
  onShowPreview,
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
  /** Brings the preview into view (on a narrow screen it shares the room with the code). */
  onShowPreview: () => void;
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
  const store = useEditorStore();
  const imageUrls = useEditorUi((state) => state.imageUrls);
  // The browser checks (ADR 0243): run in offscreen frames while the panel is open, for the files
  // of `stamp`; a new stamp (a fix, an undo, a save before opening) runs them again.
  const [browserWanted, setBrowserWanted] = useState(false);
  const [browser, setBrowser] = useState<{ stamp: string | null; findings: Finding[]; running: boolean; run: number }>({
    stamp: null,
    findings: [],
    running: false,
    run: 0,
  });
  const pages = useMemo(
    () => session.files.filter((file) => /\.html?$/i.test(file.path)).map((file) => file.path),
    [session.files],
  );
  useEffect(() => {
    if (!open || !browserWanted || browser.running || browser.stamp === stamp || pages.length === 0) return;
    setBrowser((current) => ({ stamp, findings: [], running: true, run: current.run + 1 }));
  }, [open, browserWanted, browser.running, browser.stamp, stamp, pages.length]);
  const browserFindings = browser.stamp === stamp ? browser.findings : NONE;
  const server = checks.data;
  const merged = useMemo(() => {
    if (!server) return undefined;
    const findings = [...server.findings, ...browserFindings];
    return { ...server, findings, summary: summarizeFindings(findings) };
  }, [server, browserFindings]);

  const openPanel = () => {
    setOpen(true);
    void session.save().then(() => {
      setNonce((n) => n + 1);
      setBrowserWanted(true);
    });
  };

  /** A finding of the browser, without a line: its page in the preview, its element outlined. */
  const showInPreview = (finding: Finding & { selector: string }) => {
    setOpen(false);
    onShowPreview();
    const state = store.get();
    const shown = state.previewPage ?? (pages.includes('index.html') ? 'index.html' : pages[0]);
    if (finding.rule === 'overflow' && state.device === 'desktop') store.set({ device: 'mobile' });
    const send = () => store.preview.send({ type: 'highlight', selector: finding.selector });
    if (shown === finding.file) {
      setTimeout(send, 150);
      return;
    }
    const watch = (event: { type: string }) => {
      if (event.type !== 'ready') return;
      store.preview.watchers.delete(watch);
      send();
    };
    store.preview.watchers.add(watch);
    // A page that never loads does not get the outline later, over something else.
    setTimeout(() => store.preview.watchers.delete(watch), 15_000);
    store.set({ previewPage: finding.file });
  };

  /** "Corregir con IA": the prompt goes through the prompt bar, as if typed (charged when it lands). */
  const fixWithAi = (prompt: string) => {
    setOpen(false);
    store.set((state) => ({ promptRequest: { text: prompt, nonce: (state.promptRequest?.nonce ?? 0) + 1 } }));
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

  const button = <ChecksButton score={merged?.summary.score} onOpen={openPanel} />;
  const dialogs = (
    <Suspense fallback={null}>
      {open && (
        <ChecksPanel
          open
          onOpenChange={setOpen}
          checks={checks}
          data={merged}
          browser={{
            running: browser.running,
            done: !browser.running && browser.stamp === stamp,
            onRun: () => setBrowser((current) => (current.running ? current : { ...current, stamp: null })),
          }}
          canEdit={canEdit}
          fixing={fixing}
          onFixAll={() => void fixAll()}
          onFixWithAi={fixWithAi}
          onUndo={undoable ? () => undo(undoable) : undefined}
          onJump={(finding) => {
            if (finding.selector && !finding.line) return showInPreview({ ...finding, selector: finding.selector });
            setOpen(false);
            onJump(finding);
          }}
        />
      )}
      {browser.running && (
        <BrowserChecksFrames
          key={browser.run}
          files={session.files}
          images={imageUrls}
          pages={pages}
          onPage={(_page, found) =>
            setBrowser((current) => (found ? { ...current, findings: [...current.findings, ...found] } : current))
          }
          onDone={() => setBrowser((current) => ({ ...current, running: false }))}
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
