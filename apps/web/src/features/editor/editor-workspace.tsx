import type { SpaceImage } from '@div/shared/assets';
import type { LineRange } from '@div/shared/generation';
import type { PlanId } from '@div/shared/plans';
import type { SpaceDetailResponse, SpaceSummary, Version } from '@div/shared/spaces';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { StreamingCode } from '../prompt-bar/prompt-bar';
import { ReadOnlyBar } from './access-badges';
import { usePreviewFormsEndpoint } from './api/forms';
import { spaceQueryKey } from './api/get-space';
import { useChecksSlot } from './checks-slot';
import { type CollaborationDialog, CollaborationDialogs } from './collaboration-slot';
import { useDesignSlot } from './design-slot';
import { EditorHeader } from './editor-header';
import { useEditorUi } from './editor-store';
import { CodeEditor, type SharedFile } from './files/code-editor';
import { FileSidebar, FileTabs } from './files/file-sidebar';
import { type FileSession, useFileSession } from './files/use-file-session';
import { ImagesSection } from './images/images-section';
import { useSpaceImages } from './images/use-space-images';
import { EditorLayout } from './layout/editor-layout';
import { useLiveSpace } from './live-slot';
import { PreviewPane } from './preview-pane';
import { useProfileSlot } from './profile-slot';
import { PromptSlot } from './prompt-slot';
import { RevokedNotice } from './revoked-notice';
import { StaleDraftBanner } from './save-indicator';
import { ToolsButton } from './tools/tools-button';
import { useBriefRequest } from './use-brief-request';
import { useDark } from './use-dark';
import { useEditorActions } from './use-editor-actions';
import { useRemix } from './use-remix';
import { useStreamView } from './use-stream-view';
import type { ScopeQuestion } from './visual/scope-dialog';
import { useVisualEdits } from './visual/use-visual-edits';

// The tools modal and the reset confirmation load on first use (editor route JS budget, ADR 0061).
const ToolsModal = lazy(() => import('./tools/tools-modal').then((module) => ({ default: module.ToolsModal })));
const GitSection = lazy(() => import('../git/git-section').then((module) => ({ default: module.GitSection })));
const ResetDialog = lazy(() => import('./tools/reset-dialog').then((module) => ({ default: module.ResetDialog })));
const ScopeDialog = lazy(() => import('./visual/scope-dialog').then((module) => ({ default: module.ScopeDialog })));
/** The code editor's states are rebuilt once, when the shared document takes over the files. */
const LIVE_GENERATION = -1;
const ignoreEdit = () => {};
/** The longest the code editor waits for the first preview before loading its syntax highlighting. */
const SYNTAX_WAIT_MAX_MS = 2000;

export function EditorWorkspace({
  spaceId,
  detail: given,
  refetch,
}: {
  spaceId: string;
  detail: SpaceDetailResponse;
  refetch: () => void;
}) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  useBriefRequest();
  const dark = useDark();
  // A space with members is edited together through its shared document (ADR 0213).
  const { live, snapshot } = useLiveSpace(spaceId, given.access.role !== 'owner' || given.access.members > 0);
  // The owner removed this person while they were here: the page turns read-only at once (issue 43).
  const revoked = live !== null && snapshot.status === 'refused' && given.access.role !== 'owner';
  const detail = useMemo(
    () => (revoked ? { ...given, access: { ...given.access, role: 'viewer' as const } } : given),
    [given, revoked],
  );
  const { access } = detail;
  const canEdit = access.role !== 'viewer';
  // Forms sent in the preview are kept as test submissions (ADR 0195); viewers' previews send nothing.
  const formsEndpoint = usePreviewFormsEndpoint(spaceId, canEdit);
  const onUnauthorized = useCallback(() => {
    clearSession();
    navigate(paths.login, { replace: true });
  }, [navigate]);
  const fileSession = useFileSession({
    spaceId,
    detail,
    onConflict: () => {
      toast.error(t('conflict'), { id: 'save-conflict', duration: 8000 });
      refetch();
    },
    onUnauthorized,
  });
  // The space's own images (issue 24): the sidebar, the preview and the visual panel use them.
  // A new upload is offered for the hero ("Usar en la portada", issue 38) by the design slot below.
  const offerHero = useRef<(image: SpaceImage, toastId: string | number) => void>(() => {});
  const onUploaded = useCallback((image: SpaceImage, id: string | number) => offerHero.current(image, id), []);
  const images = useSpaceImages(spaceId, canEdit, refetch, onUploaded);
  const liveOn = live !== null && snapshot.ready;
  const session: FileSession =
    liveOn && live
      ? {
          ...fileSession,
          files: snapshot.files,
          status: snapshot.unsaved ? (snapshot.status === 'synced' ? 'saving' : 'unsaved') : 'saved',
          generation: LIVE_GENERATION,
          staleDraft: null,
          hasUnsaved: () => live.getSnapshot().unsaved,
          edit: ignoreEdit,
          save: async () => {
            await live.flush();
          },
          put: (path, content) => live.put(path, content),
          // Restores and resets reach the document from the server, as they reach everyone else.
          replace: ignoreEdit,
        }
      : fileSession;
  const sharedFile = useCallback(
    (path: string): SharedFile | null => {
      const extension = live?.extensionFor(path);
      return live && extension ? { content: live.textOf(path), extension } : null;
    },
    [live],
  );
  // What was typed before the shared document took over is saved, and reaches it from the server.
  useEffect(() => {
    if (liveOn && fileSession.hasUnsaved()) void fileSession.save();
  }, [liveOn, fileSession]);
  const aiBusy = useEditorUi((state) => state.aiBusy);
  useEffect(() => live?.setGenerating(aiBusy), [live, aiBusy]);
  // Someone's generation, restore or deploy: the versions and the site follow (the files come by the document).
  useEffect(() => live?.onEvent((event) => event.type === 'changed' && refetch()), [live, refetch]);
  const generatingBy = snapshot.peers.find((peer) => peer.generating)?.name ?? null;
  const [versions, setVersions] = useState<Version[]>(detail.versions);
  useEffect(() => setVersions(detail.versions), [detail.versions]);
  const [tabs, setTabs] = useState<string[]>(() => [
    detail.files.find((f) => f.id === 'index.html')?.id ?? detail.files[0]?.id ?? 'index.html',
  ]);
  const [active, setActive] = useState(tabs[0] ?? 'index.html');
  // When access is removed, what was typed and never reached the server is kept to copy (taken once).
  const keptAtRevoke = useRef<{ path: string; content: string } | null | undefined>(undefined);
  if (revoked && keptAtRevoke.current === undefined) {
    const open = session.files.find((file) => file.path === active);
    keptAtRevoke.current = snapshot.unsaved && open ? { path: open.path, content: open.content } : null;
  }
  const kept = keptAtRevoke.current ?? null;
  const [toolsOpen, setToolsOpen] = useState(false);
  // On a narrow screen a finished generation shows the site, not the code it streamed into.
  const [previewRequest, setPreviewRequest] = useState(0);
  // Syntax highlighting starts once the preview has first loaded (or after a while): ADR 0064.
  const [previewLoaded, setPreviewLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewLoaded(true), SYNTAX_WAIT_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
  const [toolsUsed, setToolsUsed] = useState(false);
  const { stream, setStream, loaded: streamLoaded } = useStreamView(detail);
  // Lines the last generation changed, highlighted in the editor.
  const [updatedLines, setUpdatedLines] = useState<Record<string, LineRange[]>>({});
  const editorActions = useEditorActions({ spaceId, session, setVersions, onUnauthorized });
  const visual = useVisualEdits({ spaceId, session, setVersions, onUnauthorized });
  const [scopeQuestion, setScopeQuestion] = useState<ScopeQuestion | null>(null);
  const [dialog, setDialog] = useState<CollaborationDialog>(null);
  // Revisión (issue 40): a finding opens its file at its line; publishing shows the check first.
  const [goTo, setGoTo] = useState<{ file: string; line: number; nonce: number } | null>(null);
  const checks = useChecksSlot({
    spaceId,
    revision: detail.revision,
    canEdit,
    session,
    versions,
    setVersions,
    restore: editorActions.restore,
    onJump: (finding) => {
      open(finding.file);
      setGoTo((current) => ({ file: finding.file, line: finding.line ?? 1, nonce: (current?.nonce ?? 0) + 1 }));
    },
    onShowPreview: () => setPreviewRequest((count) => count + 1),
    onUnauthorized,
  });
  // "Lo que entendí" (issue 37): what the composer read from the brief, corrected in place.
  const profile = useProfileSlot({ spaceId, canEdit, session, versions, setVersions, onUnauthorized });
  const design = useDesignSlot({
    spaceId,
    revision: detail.revision,
    canEdit,
    session,
    versions,
    setVersions,
    restore: editorActions.restore,
    onUnauthorized,
  });
  offerHero.current = design.offerHero;
  const actions = {
    ...editorActions,
    deploy: () => checks.beforePublish(editorActions.deploy),
    share: () => setDialog('share'),
    invite: () => setDialog('members'),
  };
  useRemix({ onUnauthorized });
  const queryClient = useQueryClient();
  const onSpaceChanged = (space: SpaceSummary) =>
    queryClient.setQueryData<SpaceDetailResponse>(spaceQueryKey(spaceId), (current) => current && { ...current, space });

  const open = (path: string) => {
    setTabs((current) => (current.includes(path) ? current : [...current, path]));
    setActive(path);
  };
  const close = (path: string) => {
    const next = tabs.filter((tab) => tab !== path);
    setTabs(next);
    if (active === path) setActive(next[next.length - 1] ?? 'index.html');
  };
  // Tabs of files that disappeared (restore, reset) close themselves.
  useEffect(() => {
    const existing = new Set(session.files.map((file) => file.path));
    if (existing.size === 0) return;
    setTabs((current) => {
      const kept = current.filter((path) => existing.has(path));
      return kept.length > 0 ? kept : [session.files[0]?.path ?? 'index.html'];
    });
  }, [session.files]);
  useEffect(() => {
    if (!tabs.includes(active) && tabs[0]) setActive(tabs[0]);
  }, [tabs, active]);

  useEffect(() => live?.setFile(active), [live, active]);
  const file = session.files.find((f) => f.path === active);
  const download = async () => {
    try {
      const { exportSpace } = await import('./api/export-space');
      const name = await exportSpace(spaceId);
      toast.success(t('exported', { name }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onUnauthorized();
      toast.error(error instanceof ApiError ? error.message : t('exportError'));
    }
  };

  return (
    <div className="flex h-[calc(100dvh-4rem-1px-var(--cookie-banner-h,0px))] min-h-0 flex-col bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <EditorHeader
        spaceId={spaceId}
        detail={detail}
        session={session}
        live={{ live, snapshot }}
        onPublish={actions.deploy}
        onExport={() => void download()}
        checks={
          <>
            {canEdit && design.button}
            {checks.button}
          </>
        }
        profile={profile.button}
      />
      {session.staleDraft && <StaleDraftBanner onRecover={session.recoverDraft} onDiscard={session.discardDraft} />}
      <EditorLayout
        previewRequest={previewRequest}
        sidebar={
          <FileSidebar files={session.files} active={active} onOpen={open}>
            <ImagesSection images={images} canEdit={canEdit} />
          </FileSidebar>
        }
        editor={
          <>
            <FileTabs tabs={tabs} active={active} onSelect={setActive} onClose={close} />
            <div className="min-h-0 flex-1">
              {stream && stream.files[active] !== undefined ? (
                <StreamingCode path={active} content={stream.files[active] ?? ''} />
              ) : (
                file && (
                  <CodeEditor
                    path={file.path}
                    content={file.content}
                    generation={session.generation}
                    dark={dark}
                    onChange={liveOn ? ignoreEdit : session.edit}
                    highlight={updatedLines[file.path]}
                    syntaxDeferred={!previewLoaded}
                    readOnly={!canEdit}
                    shared={liveOn ? sharedFile : undefined}
                    goTo={goTo?.file === file.path ? goTo : undefined}
                  />
                )
              )}
            </div>
          </>
        }
        preview={
          <PreviewPane
            files={session.files}
            canEdit={canEdit}
            stream={stream}
            onFix={actions.fix}
            onLoaded={() => {
              setPreviewLoaded(true);
              streamLoaded();
            }}
            visual={visual}
            formsEndpoint={formsEndpoint}
            uploadImages={images.upload}
          />
        }
      />
      {canEdit ? (
        <PromptSlot
          spaceId={spaceId}
          sharing={
            access.role === 'owner'
              ? generatingBy
                ? { plan: access.owner.plan as PlanId, allowanceOf: null, generatingBy }
                : undefined
              : { plan: access.owner.plan as PlanId, allowanceOf: access.owner.name, generatingBy }
          }
          files={session.files}
          activeFile={active}
          beforeGenerate={() => session.save()}
          onStream={setStream}
          undo={versions[0] ? () => actions.restore(versions[0] as Version) : undefined}
          onDone={({ updatedLines: lines }) => {
            setUpdatedLines(lines);
            setPreviewRequest((count) => count + 1);
            refetch();
          }}
          onUnauthorized={onUnauthorized}
          onOutOfScope={setScopeQuestion}
        />
      ) : revoked ? (
        <RevokedNotice kept={kept} />
      ) : (
        <ReadOnlyBar access={access} />
      )}
      <ToolsButton
        onOpen={() => {
          setToolsUsed(true);
          setToolsOpen(true);
        }}
      />
      {toolsUsed && (
        <Suspense fallback={null}>
          <ToolsModal
            open={toolsOpen}
            onOpenChange={setToolsOpen}
            actions={actions}
            versions={versions}
            restoringId={actions.restoringId}
            canEdit={canEdit}
            spaceId={spaceId}
            git={
              <Suspense fallback={null}>
                <GitSection
                  spaceId={spaceId}
                  canEdit={canEdit}
                  open={toolsOpen}
                  beforeSync={() => session.save()}
                  onPulled={(result) => {
                    if (result.files) session.replace(result.files, result.revision);
                    if (result.version) setVersions((current) => [result.version as Version, ...current]);
                  }}
                  onUnauthorized={onUnauthorized}
                />
              </Suspense>
            }
          />
        </Suspense>
      )}
      <CollaborationDialogs
        open={dialog}
        onClose={() => setDialog(null)}
        space={detail.space}
        role={detail.access.role}
        onSpaceChanged={onSpaceChanged}
        onTeamChanged={refetch}
      />
      {scopeQuestion && (
        <Suspense fallback={null}>
          <ScopeDialog
            question={scopeQuestion}
            onCancel={() => setScopeQuestion(null)}
            onApply={() => {
              void visual.applyProposal(scopeQuestion);
              setScopeQuestion(null);
            }}
          />
        </Suspense>
      )}
      {checks.dialogs}
      {profile.dialogs}
      {design.dialogs}
      {actions.confirmingReset && (
        <Suspense fallback={null}>
          <ResetDialog open onOpenChange={actions.setConfirmingReset} onConfirm={actions.confirmReset} />
        </Suspense>
      )}
    </div>
  );
}
