import type { Version } from '@div/shared/spaces';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useEditorStore, useEditorUi } from '../editor-store';
import type { EditableFile } from '../files/drafts';
import type { FileSession } from '../files/use-file-session';
import type { VisualMessage } from '../preview/preview-messages';
import './locale';
import { indexAfter } from './moved-mark';

type Engine = typeof import('@div/site-engine/visual-source');
type VisualChange = import('@div/site-engine/visual-source').VisualChange;

/** A run of visual edits becomes one "Edición visual" version once it pauses this long (ADR 0200). */
export const VISUAL_GROUP_MS = 5000;
const UNDO_LIMIT = 100;

interface Step {
  path: string;
  before: string;
  after: string;
}

const refusals = { 'not-found': 'notFound', 'not-text': 'notText', 'no-sibling': 'noSibling', 'bad-value': 'badValue' } as const;

/** The page the preview shows: the one chosen (ADR 0206), else index.html, else the first page (as assemblePreview). */
const entryOf = (files: readonly EditableFile[], chosen: string | null) =>
  (chosen ? files.find((file) => file.path === chosen) : undefined) ??
  files.find((file) => file.path === 'index.html') ??
  files.find((file) => /\.html?$/i.test(file.path));

/**
 * The editor's half of the visual edit mode: marks the preview's copy of the page with source
 * positions, writes each change to its exact range with site-engine, saves it at once (no message is
 * charged: nothing goes to the AI), keeps undo and redo, and groups a run of changes into one version.
 */
export function useVisualEdits({
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
  const { t } = useTranslation('visual');
  const store = useEditorStore();
  const enabled = useEditorUi((state) => state.visualEditing);
  // The inspector marks the preview too, so the element it hands to the prompt names its source range.
  const marking = useEditorUi((state) => state.visualEditing || state.inspecting);
  const page = useEditorUi((state) => state.previewPage);
  const [engine, setEngine] = useState<Engine | null>(null);
  const files = useRef(session.files);
  files.current = session.files;
  const undoStack = useRef<Step[]>([]);
  const redoStack = useRef<Step[]>([]);
  const [, setStacks] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const groupTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef(false);

  // parse5 and the engine load only when the mode is first turned on (editor bundle budget, ADR 0061).
  useEffect(() => {
    if (marking && !engine) void import('@div/site-engine/visual-source').then(setEngine);
  }, [marking, engine]);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return onUnauthorized();
      toast.error(error instanceof ApiError ? error.message : t('saveError'));
    },
    [onUnauthorized, t],
  );

  /** Runs after what is already queued, so saves and version snapshots never race. */
  const enqueue = useCallback((task: () => Promise<unknown>) => {
    const next = queue.current.then(task).catch(() => {});
    queue.current = next;
    return next;
  }, []);

  const flushVersion = useCallback(() => {
    clearTimeout(groupTimer.current);
    if (!pending.current) return Promise.resolve();
    pending.current = false;
    return enqueue(async () => {
      try {
        await session.save();
        const from = session.revision();
        const { saveVersion } = await import('./save-version');
        const result = await saveVersion(spaceId, { source: 'visual' });
        session.adopt(from, result.revision);
        setVersions((current) => [result.version, ...current]);
      } catch (error) {
        failed(error);
      }
    });
  }, [enqueue, session, spaceId, setVersions, failed]);

  const write = useCallback(
    (step: Step, content: string) =>
      enqueue(async () => {
        const saved = await session.put(step.path, content);
        if (!saved) throw new Error('not saved');
        pending.current = true;
        clearTimeout(groupTimer.current);
        groupTimer.current = setTimeout(() => void flushVersion(), VISUAL_GROUP_MS);
      }).catch(failed),
    [enqueue, session, flushVersion, failed],
  );

  /** Selects `mark` in the preview once it shows `html` (the file as the edit left it). */
  const reselect = useCallback(
    (mark: string, path: string, html: string) => {
      const watch = (event: { type: string }) => {
        if (event.type !== 'ready' || files.current.find((f) => f.path === path)?.content !== html) return;
        store.preview.watchers.delete(watch);
        store.preview.send({ type: 'visual-select-mark', mark });
      };
      store.preview.watchers.add(watch);
      // Given up if the page never shows it (the save was refused).
      setTimeout(() => store.preview.watchers.delete(watch), 10_000);
    },
    [store],
  );

  const apply = useCallback(
    (mark: string, tag: string, change: VisualChange) => {
      if (!engine) return;
      const target = engine.parseSourceMark(mark);
      const file = target && files.current.find((f) => f.path === target.path);
      if (!target || !file) return toast.error(t('notFound'));
      const result = engine.applyVisualChange(file.content, { index: target.index, tag }, change);
      if (!result.ok) return toast.error(t(refusals[result.reason]));
      if (result.html === file.content) return;
      const step = { path: file.path, before: file.content, after: result.html };
      undoStack.current = [...undoStack.current, step].slice(-UNDO_LIMIT);
      redoStack.current = [];
      setStacks((n) => n + 1);
      if (result.attribute) {
        // Shown at once; the selection follows.
        // An own image (`images/<name>`) is shown at its preview URL; the file keeps the path.
        const shown =
          result.attribute.name === 'src' && result.attribute.value?.startsWith('images/')
            ? (store.get().imageUrls[result.attribute.value.slice('images/'.length)] ?? result.attribute.value)
            : result.attribute.value;
        store.preview.send({ type: 'visual-attribute', mark, ...result.attribute, value: shown });
        const name = result.attribute.name;
        const value = result.attribute.value;
        store.set((state) =>
          state.visualSelection?.mark === mark
            ? {
                visualSelection: { ...state.visualSelection, attributes: { ...state.visualSelection.attributes, [name]: value } },
              }
            : {},
        );
      } else if (change.kind !== 'text') {
        // The elements after it moved: their marks change with the next preview. The selection
        // follows the element (the copy after "Duplicar") once the page shows the new file.
        store.set({ visualSelection: null });
        const next = indexAfter(engine.mapSourceElements(file.content), target.index, change);
        if (next !== null) reselect(`${target.path}:${next}`, file.path, result.html);
      }
      void write(step, result.html);
    },
    [engine, store, t, write, reselect],
  );

  const travel = useCallback(
    (direction: 'undo' | 'redo') => {
      const from = direction === 'undo' ? undoStack : redoStack;
      const to = direction === 'undo' ? redoStack : undoStack;
      const step = from.current[from.current.length - 1];
      if (!step) return;
      const file = files.current.find((f) => f.path === step.path);
      const expected = direction === 'undo' ? step.after : step.before;
      if (!file || file.content !== expected) {
        from.current = [];
        setStacks((n) => n + 1);
        return toast.error(t('undoStale'));
      }
      from.current = from.current.slice(0, -1);
      to.current = [...to.current, step];
      setStacks((n) => n + 1);
      store.set({ visualSelection: null });
      void write(step, direction === 'undo' ? step.before : step.after);
    },
    [store, t, write],
  );

  const onVisual = useCallback(
    (message: VisualMessage) => {
      if (message.type === 'visual-select') store.set({ visualSelection: message.selection });
      else if (message.type === 'visual-text') apply(message.mark, message.tag, { kind: 'text', text: message.text });
      else if (message.type === 'visual-refused') {
        store.set({ visualSelection: null });
        toast.error(t('script'), { id: 'visual-script' });
      } else travel(message.key);
    },
    [apply, store, t, travel],
  );

  // Ctrl+Z / Ctrl+Shift+Z in the editor (not while typing in a field or the code editor).
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable], .cm-editor')) return;
      event.preventDefault();
      travel(event.shiftKey ? 'redo' : 'undo');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, travel]);

  // Leaving the mode closes the run of changes as a version.
  useEffect(() => {
    if (!enabled) void flushVersion();
  }, [enabled, flushVersion]);
  useEffect(() => () => clearTimeout(groupTimer.current), []);

  const prepare = useCallback(
    (list: EditableFile[]) => {
      const entry = entryOf(list, page);
      if (!engine || !entry) return list;
      return list.map((file) =>
        file === entry ? { ...file, content: engine.annotateForPreview(file.content, file.path) } : file,
      );
    },
    [engine, page],
  );

  /** Applies an AI answer that reached beyond its element, once the person said so (ADR 0201). */
  const applyProposal = useCallback(
    (question: { prompt: string; proposal: { path: string; content: string }[] }) =>
      enqueue(async () => {
        try {
          for (const file of question.proposal) {
            if (!(await session.put(file.path, file.content))) throw new Error('not saved');
          }
          const from = session.revision();
          const { saveVersion } = await import('./save-version');
          const result = await saveVersion(spaceId, { prompt: question.prompt });
          session.adopt(from, result.revision);
          setVersions((current) => [result.version, ...current]);
          store.set({ promptElement: null });
          toast.success(t('scope.applied'));
        } catch (error) {
          failed(error);
        }
      }),
    [enqueue, session, spaceId, setVersions, store, t, failed],
  );

  return {
    applyProposal,
    ready: enabled && engine !== null,
    prepare: marking && engine ? prepare : undefined,
    onVisual,
    apply,
    undo: () => travel('undo'),
    redo: () => travel('redo'),
    canUndo: undoStack.current.length > 0,
    canRedo: redoStack.current.length > 0,
  };
}
export type VisualEdits = ReturnType<typeof useVisualEdits>;
