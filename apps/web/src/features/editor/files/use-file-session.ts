import type { FilePatch, SpaceDetailResponse } from '@div/shared/spaces';
import { codePointPatch } from '@div/shared/text-patch';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { saveFiles } from '../api/save-files';
import { textDelta } from '../preview/text-delta';
import { applyEdits, clearDraft, type Draft, type EditableFile, readDraft, resolveDraft, writeDraft } from './drafts';

export const AUTOSAVE_DELAY_MS = 800;
const DRAFT_DELAY_MS = 250;
const KEEPALIVE_MAX_BYTES = 60_000;
const RETRY_DELAY_MS = 3000;

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'error' | 'conflict';

interface Options {
  spaceId: string;
  detail: SpaceDetailResponse | undefined;
  /** Called on a 409: the caller reloads the space from the server. */
  onConflict: (message: string) => void;
  onUnauthorized: (error: unknown) => void;
}

/**
 * The files being edited: local edits over the server's copy, autosaved after a pause with the
 * revision they were made on, and mirrored into a localStorage draft until the server has them.
 */
export function useFileSession({ spaceId, detail, onConflict, onUnauthorized }: Options) {
  const [files, setFiles] = useState<EditableFile[]>([]);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [staleDraft, setStaleDraft] = useState<Draft | null>(null);
  /** Bumped whenever the files are replaced from outside the code editor. */
  const [generation, setGeneration] = useState(0);
  const contents = useRef(new Map<string, string>());
  const dirty = useRef(new Set<string>());
  /**
   * A file changed from the server's copy by one replacement (a visual edit): sent as that
   * replacement while the file still holds `after` (ADR 0209).
   */
  const patches = useRef(new Map<string, FilePatch & { after: string }>());
  const revision = useRef(0);
  const saving = useRef<Promise<void> | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const callbacks = useRef({ onConflict, onUnauthorized });
  callbacks.current = { onConflict, onUnauthorized };

  const persistDraft = useCallback(() => {
    clearTimeout(draftTimer.current);
    if (dirty.current.size === 0) return clearDraft(spaceId);
    const edits: Record<string, string> = {};
    for (const path of dirty.current) edits[path] = contents.current.get(path) ?? '';
    writeDraft(spaceId, { baseRevision: revision.current, files: edits, updatedAt: Date.now() });
  }, [spaceId]);

  const load = useCallback((next: EditableFile[], nextRevision: number, edited: string[] = []) => {
    contents.current = new Map(next.map((file) => [file.path, file.content]));
    dirty.current = new Set(edited);
    patches.current.clear();
    revision.current = nextRevision;
    setFiles(next);
    setGeneration((value) => value + 1);
  }, []);

  const saveRef = useRef<(options?: { keepalive?: boolean }) => Promise<void>>(async () => {});
  const scheduleSave = useCallback(() => {
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS);
  }, []);

  const save = useCallback(
    async (options: { keepalive?: boolean } = {}): Promise<void> => {
      clearTimeout(saveTimer.current);
      if (saving.current) {
        await saving.current;
        if (dirty.current.size > 0) return save(options);
        return;
      }
      if (dirty.current.size === 0) return;
      const sent = [...dirty.current].map((path) => ({ path, content: contents.current.get(path) ?? '' }));
      const files: typeof sent = [];
      const filePatches: FilePatch[] = [];
      for (const file of sent) {
        const patch = patches.current.get(file.path);
        if (patch?.after === file.content) {
          const { after: _after, ...sentPatch } = patch;
          filePatches.push(sentPatch);
        } else files.push(file);
      }
      setStatus('saving');
      let failed = false;
      let retry = false;
      const run = (async () => {
        try {
          const result = await saveFiles(
            spaceId,
            { revision: revision.current, files, ...(filePatches.length ? { patches: filePatches } : {}) },
            options,
          );
          revision.current = result.revision;
          for (const file of sent) patches.current.delete(file.path);
          for (const file of sent) if (contents.current.get(file.path) === file.content) dirty.current.delete(file.path);
          persistDraft();
          setStatus(dirty.current.size === 0 ? 'saved' : 'unsaved');
        } catch (error) {
          failed = true;
          persistDraft();
          if (error instanceof ApiError && error.status === 409) {
            setStatus('conflict');
            callbacks.current.onConflict(error.message);
          } else if (error instanceof ApiError && error.status === 401) {
            setStatus('error');
            callbacks.current.onUnauthorized(error);
          } else {
            // Network trouble or a server error: the draft holds the text; try again shortly.
            setStatus('error');
            retry = true;
          }
        }
      })();
      saving.current = run;
      try {
        await run;
      } finally {
        saving.current = null;
      }
      if (dirty.current.size > 0 && !failed) scheduleSave();
      else if (retry) {
        clearTimeout(saveTimer.current);
        saveTimer.current = setTimeout(() => void saveRef.current(), RETRY_DELAY_MS);
      }
    },
    [spaceId, persistDraft, scheduleSave],
  );

  saveRef.current = save;

  // The server's files arrived (first load, or a reload after a conflict / restore).
  useEffect(() => {
    if (!detail) return;
    const server = detail.files.map((file) => ({ path: file.id, content: file.content }));
    const resolution = resolveDraft(server, detail.revision, readDraft(spaceId));
    if (resolution.kind === 'apply') {
      load(resolution.files, detail.revision, resolution.dirty);
      setStatus('unsaved');
      setStaleDraft(null);
      scheduleSave();
    } else {
      load(server, detail.revision);
      setStatus('saved');
      setStaleDraft(resolution.kind === 'conflict' ? resolution.draft : null);
    }
  }, [detail, spaceId, load, scheduleSave]);

  const edit = useCallback(
    (path: string, content: string) => {
      patches.current.delete(path);
      contents.current.set(path, content);
      dirty.current.add(path);
      setFiles((current) => current.map((file) => (file.path === path ? { path, content } : file)));
      setStatus('unsaved');
      clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(persistDraft, DRAFT_DELAY_MS);
      scheduleSave();
    },
    [persistDraft, scheduleSave],
  );

  /** Sets a file's content from outside the code editor (an AI fix) and saves it right away. */
  const put = useCallback(
    async (path: string, content: string) => {
      // A file the server has as it is here goes as the one replacement that changes it (ADR 0209).
      const base = dirty.current.has(path) ? undefined : contents.current.get(path);
      edit(path, content);
      if (base !== undefined) {
        const { at, remove, insert } = textDelta(base, content);
        patches.current.set(path, { ...codePointPatch(path, base, at, remove, insert), after: content });
      }
      setFiles((current) => (current.some((file) => file.path === path) ? current : [...current, { path, content }]));
      setGeneration((value) => value + 1);
      // The draft follows on its timer (edit() set it); the save starts first. A failed save writes it
      // at once, and so does leaving the page.
      await saveRef.current();
      return dirty.current.size === 0;
    },
    [edit],
  );

  /** Writes the draft now and sends what is unsaved (on leaving the page or the tab). */
  const flush = useCallback(() => {
    if (dirty.current.size === 0) return;
    persistDraft();
    let bytes = 0;
    for (const path of dirty.current) bytes += (contents.current.get(path) ?? '').length;
    void saveRef.current({ keepalive: bytes < KEEPALIVE_MAX_BYTES });
  }, [persistDraft]);

  /** Replaces every file with the server's answer (restore, reset, remix). */
  const replace = useCallback(
    (next: EditableFile[], nextRevision: number) => {
      clearTimeout(saveTimer.current);
      clearDraft(spaceId);
      load(next, nextRevision);
      setStatus('saved');
      setStaleDraft(null);
    },
    [spaceId, load],
  );

  /**
   * Moves to the revision a version snapshot made (the files are the same, only the number moved),
   * when the session still stands on the revision the snapshot was taken from.
   */
  const adopt = useCallback((from: number, to: number) => {
    if (revision.current === from) revision.current = to;
  }, []);

  const recoverDraft = useCallback(() => {
    if (!staleDraft) return;
    const next = applyEdits(
      [...contents.current].map(([path, content]) => ({ path, content })),
      staleDraft.files,
    );
    load(next, revision.current, Object.keys(staleDraft.files));
    setStaleDraft(null);
    persistDraft();
    setStatus('unsaved');
    scheduleSave();
  }, [staleDraft, load, persistDraft, scheduleSave]);

  const discardDraft = useCallback(() => {
    clearDraft(spaceId);
    setStaleDraft(null);
  }, [spaceId]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  return {
    files,
    status,
    generation,
    staleDraft,
    revision: () => revision.current,
    hasUnsaved: () => dirty.current.size > 0,
    edit,
    put,
    save,
    replace,
    adopt,
    recoverDraft,
    discardDraft,
  };
}
export type FileSession = ReturnType<typeof useFileSession>;
