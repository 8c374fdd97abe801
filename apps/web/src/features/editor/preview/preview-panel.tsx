import { PREVIEW_SANDBOX } from '@div/shared/constants';
import { Loader2, Lock } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useEditorStore, useEditorUi } from '../editor-store';
import type { EditableFile } from '../files/drafts';
import { whenToasterReady } from '../when-toaster-ready';
import { devices, fitScale } from './devices';
import { buildPreviewDocument } from './preview-document';
import { fromOwnFrame, parsePreviewMessage, sendToFrame, type VisualMessage } from './preview-messages';
import { attemptLabel, initialRuntime, LOAD_TIMEOUT_MS, MAX_ATTEMPTS, RETRY_DELAY_MS, runtimeReducer } from './preview-runtime';
import { textDelta } from './text-delta';
import { useDebounced } from './use-debounced';

/** How long the preview's own script error stays up (Sonner's default is 4 s; it offers a fix). */
const PREVIEW_ERROR_TOAST_MS = 8000;

export const PREVIEW_DEBOUNCE_MS = 300;
/**
 * The host page the frame loads; it has its own sandboxing CSP and writes the document the editor
 * sends it (a srcdoc frame would inherit the app's CSP, which blocks inline scripts: ADR 0062).
 */
export const PREVIEW_HOST_URL = '/preview/frame';
/**
 * How long after a document is shown the standby frame starts loading the host page, so that it
 * never competes with the load it follows (ADR 0065).
 */
const STANDBY_DELAY_MS = 300;
/** The standby frame takes no room and cannot be seen until it is shown. */
const STANDBY_STYLE = { position: 'absolute', width: 0, height: 0, visibility: 'hidden' } as const;

/** The live preview: the assembled files in a sandboxed frame, re-rendered 300 ms after the last edit. */
export function PreviewPanel({
  files,
  onFix,
  onLoaded,
  prepare,
  onVisual,
  formsEndpoint,
}: {
  files: EditableFile[];
  /** Rewrites the files before they are assembled (the visual edit mode marks source positions). */
  prepare?: ((files: EditableFile[]) => EditableFile[]) | undefined;
  /** Messages of the visual edit mode. */
  onVisual?: ((message: VisualMessage) => void) | undefined;
  onFix: (error?: string) => void;
  /** Called when a load attempt ends, ready or failed. */
  onLoaded?: () => void;
  /** Where the page's forms are sent as test submissions (ADR 0195); none for viewers. */
  formsEndpoint?: string | undefined;
}) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const device = useEditorUi((state) => state.device);
  const inspecting = useEditorUi((state) => state.inspecting);
  const nonce = useEditorUi((state) => state.previewNonce);
  // In visual edit mode a change is already shown in the live page when its files change, so the
  // document follows at once: were an undo to come within the debounce, the page would never be sent
  // the edited document, would take the undone one for "no change", and keep showing the edit.
  const visualOn = useEditorUi((state) => state.visualEditing);
  const settled = useDebounced(files, visualOn ? 0 : PREVIEW_DEBOUNCE_MS);
  const [runtime, dispatch] = useReducer(runtimeReducer, initialRuntime);
  const frame = useRef<HTMLIFrameElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [panelSize, setPanelSize] = useState({ width: 0, height: 0 });
  // The preview is one tab stop until entered (issue 43): its own links stay out of the editor's Tab
  // order, and the stop before it says how to go in; leaving the frame closes it again.
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    if (!entered) return;
    const left = () => {
      if (document.activeElement !== frame.current) setEntered(false);
    };
    document.addEventListener('focusin', left);
    return () => document.removeEventListener('focusin', left);
  }, [entered]);

  // The space's own images (issue 24): `images/<name>` loads from the app (ADR 0202).
  const imageUrls = useEditorUi((state) => state.imageUrls);
  // The page chosen in the picker (ADR 0206), while the site has it.
  const page = useEditorUi((state) => state.previewPage);
  const entry = page && settled.some((file) => file.path === page) ? page : undefined;
  const doc = useMemo(
    () => buildPreviewDocument(prepare ? prepare(settled) : settled, undefined, imageUrls, entry),
    [settled, prepare, imageUrls, entry],
  );
  const locked = runtime.status === 'locked';
  // While locked the frame keeps the last document without reloading it; the latest edits render
  // once it unlocks.
  const shownRef = useRef(doc);
  if (!locked) shownRef.current = doc;
  const statusRef = useRef(runtime.status);
  statusRef.current = runtime.status;

  // The shown frame, and a standby frame with the host page already loaded (hidden), which takes the
  // next document at once instead of loading a new frame first (ADR 0065).
  const [frames, setFrames] = useState<{ shown: number; standby: number | null }>({ shown: 0, standby: null });
  const nextFrame = useRef(1);
  /** The frame whose document has painted: white goes behind it then; before, the editor's own colour. */
  const [painted, setPainted] = useState<number | null>(null);
  const standby = useRef<HTMLIFrameElement>(null);
  const standbyReady = useRef<number | null>(null);
  const framesRef = useRef(frames);
  framesRef.current = frames;
  /** The document each frame was given to render. */
  const rendered = useRef(new WeakMap<HTMLIFrameElement, string>());
  /** How far the shown page is scrolled, and whether the next document keeps that place (an edit that reloads). */
  const scrollY = useRef(0);
  const keepScroll = useRef(false);
  const render = useCallback((target: HTMLIFrameElement) => {
    sendToFrame(target, { type: 'render', html: shownRef.current });
    rendered.current.set(target, shownRef.current);
    // Queued behind the render, so it reaches the new document's runtime once it is written.
    if (keepScroll.current) sendToFrame(target, { type: 'restore-scroll', y: scrollY.current });
    else scrollY.current = 0;
    keepScroll.current = false;
  }, []);
  /**
   * The source the shown frame holds as the base of edits in place, and its number: set when the
   * frame reports its document loaded, moved on by each edit sent, cleared by a new load.
   */
  const baseline = useRef<{ rev: number; html: string } | null>(null);
  const revisions = useRef(0);
  /** A new load of the current document: in the standby frame when its host is ready, else a new frame. */
  const reload = useCallback(() => {
    baseline.current = null;
    const { standby: waiting } = framesRef.current;
    if (waiting !== null && standbyReady.current === waiting && standby.current) {
      render(standby.current);
      standbyReady.current = null;
      setFrames({ shown: waiting, standby: null });
      return;
    }
    standbyReady.current = null;
    setFrames({ shown: nextFrame.current++, standby: null });
  }, [render]);

  // New content, or a manual refresh: a fresh series of attempts. The frame mounted with the first
  // document is already loading it (a second frame at mount would load the host page twice).
  // An edit of a document that is shown and ready is first offered to the frame to apply in place
  // (text and attributes only: no reload, the scroll and the page's state stay); the frame answers
  // 'patch-failed' when it cannot, and the document is loaded anew (ADR 0065).
  const errorToasted = useRef(false);
  const loaded = useRef({ doc, nonce });
  useLayoutEffect(() => {
    const previous = loaded.current;
    if (statusRef.current === 'locked' || (previous.doc === doc && previous.nonce === nonce)) return;
    loaded.current = { doc, nonce };
    errorToasted.current = false;
    const base = baseline.current;
    dispatch({ type: 'render' });
    if (base && previous.nonce === nonce && statusRef.current === 'ready' && frame.current) {
      const rev = ++revisions.current;
      sendToFrame(frame.current, { type: 'patch', base: base.rev, rev, ...textDelta(base.html, doc) });
      baseline.current = { rev, html: doc };
    } else reload();
  }, [doc, nonce, reload]);

  // Automatic retry after a failed attempt; unlock after the lockout.
  useEffect(() => {
    if (runtime.status === 'error') {
      const timer = setTimeout(() => {
        dispatch({ type: 'retry' });
        reload();
      }, RETRY_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (runtime.status === 'locked' && runtime.lockedUntil) {
      const timer = setTimeout(
        () => {
          dispatch({ type: 'unlock' });
          reload();
        },
        Math.max(0, runtime.lockedUntil - Date.now()),
      );
      return () => clearTimeout(timer);
    }
    if (runtime.status === 'loading') {
      const timer = setTimeout(
        () => dispatch({ type: 'load-failed', message: t('loadTimeout'), now: Date.now() }),
        LOAD_TIMEOUT_MS,
      );
      return () => clearTimeout(timer);
    }
  }, [runtime.status, runtime.lockedUntil, t, reload]);

  // Once a document is shown, a standby frame loads the host page for the next one.
  useEffect(() => {
    if (runtime.status !== 'ready' || frames.standby !== null) return;
    const timer = setTimeout(() => {
      setFrames((current) => (current.standby === null ? { ...current, standby: nextFrame.current++ } : current));
    }, STANDBY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [runtime.status, frames.standby]);

  const fix = useRef(onFix);
  fix.current = onFix;
  const loadedCallback = useRef(onLoaded);
  loadedCallback.current = onLoaded;
  const visualCallback = useRef(onVisual);
  visualCallback.current = onVisual;
  const formsRef = useRef(formsEndpoint);
  formsRef.current = formsEndpoint;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (fromOwnFrame(event, standby.current)) {
        if (parsePreviewMessage(event.data)?.type === 'host-ready') standbyReady.current = framesRef.current.standby;
        return;
      }
      if (!fromOwnFrame(event, frame.current)) return;
      const message = parsePreviewMessage(event.data);
      if (!message) return;
      if (message.type === 'painted' || message.type === 'ready') setPainted(framesRef.current.shown);
      if (message.type === 'host-ready') {
        if (frame.current) render(frame.current);
      } else if (message.type === 'scrolled') {
        scrollY.current = message.y;
      } else if (message.type === 'patch-failed') {
        // An edit the page could not take in place (a duplicate, a move): loaded anew at the same place.
        keepScroll.current = true;
        reload();
      } else if (message.type === 'ready' || message.type === 'patched') {
        // A document loaded anew: hand the frame its source, the base of the next edits in place.
        const html = message.type === 'ready' && frame.current ? rendered.current.get(frame.current) : undefined;
        if (html !== undefined) {
          baseline.current = { rev: ++revisions.current, html };
          sendToFrame(frame.current, { type: 'source', ...baseline.current });
        }
        dispatch({ type: 'ready' });
        for (const watch of store.preview.watchers) watch({ type: 'ready' });
        loadedCallback.current?.();
        if (store.get().inspecting) sendToFrame(frame.current, { type: 'inspector', enabled: true });
        if (store.get().visualEditing) sendToFrame(frame.current, { type: 'visual', enabled: true });
        if (formsRef.current) sendToFrame(frame.current, { type: 'forms', endpoint: formsRef.current });
      } else if (message.type === 'error') {
        const described =
          message.kind === 'script' ? message.message : t(`pageError.${message.kind}`, { detail: message.message });
        for (const watch of store.preview.watchers) watch({ type: 'error', message: described });
        // The page's own errors (its scripts, a missing file) never use up attempts: the page still
        // renders. They raise the 'Solucionar problema' toast once per document.
        if (errorToasted.current) return;
        errorToasted.current = true;
        whenToasterReady(() =>
          toast.error(t('runtimeError'), {
            id: 'preview-runtime-error',
            // The site's own error sits over the preview: it goes by itself (and comes back if the
            // error does), unlike refusals, which stay until read (issue 43).
            duration: PREVIEW_ERROR_TOAST_MS,
            description: described,
            action: { label: t('fixProblem'), onClick: () => fix.current(described) },
          }),
        );
      } else if (message.type === 'select') {
        store.set({
          selectedElement: { selector: message.selector, html: message.html, ...(message.mark ? { mark: message.mark } : {}) },
        });
      } else if (message.type.startsWith('visual-')) {
        visualCallback.current?.(message as VisualMessage);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [store, t, reload, render]);

  useEffect(() => {
    sendToFrame(frame.current, { type: 'inspector', enabled: inspecting });
  }, [inspecting]);
  useEffect(() => {
    sendToFrame(frame.current, { type: 'visual', enabled: visualOn });
  }, [visualOn]);
  useEffect(() => {
    if (formsEndpoint) sendToFrame(frame.current, { type: 'forms', endpoint: formsEndpoint });
  }, [formsEndpoint]);
  useEffect(() => {
    store.preview.send = (message) => sendToFrame(frame.current, message);
    return () => {
      store.preview.send = () => {};
    };
  }, [store]);

  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setPanelSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const size = devices[device];
  const scale = size ? fitScale(size, { width: panelSize.width - 16, height: panelSize.height - 16 }) : 1;
  const shownStyle = size
    ? { width: size.width, height: size.height, transform: `scale(${scale})`, transformOrigin: '0 0' }
    : undefined;

  return (
    <div className="relative flex h-full min-h-0 flex-col bg-gray-100 dark:bg-gray-950" data-runtime={runtime.status}>
      <div ref={panel} className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden">
        <button
          type="button"
          data-testid="preview-enter"
          onClick={() => {
            setEntered(true);
            requestAnimationFrame(() => frame.current?.focus());
          }}
          className="sr-only z-10 rounded-md bg-indigo-700 px-3 py-2 font-medium text-sm text-white shadow focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus-visible:outline-2 focus-visible:outline-white"
        >
          {t('previewEnter')}
        </button>
        <div
          data-testid="preview-frame-box"
          data-device={device}
          style={size ? { width: size.width * scale, height: size.height * scale } : { width: '100%', height: '100%' }}
          className={size ? 'shrink-0 overflow-hidden rounded-md shadow-lg ring-1 ring-black/10' : 'h-full w-full'}
        >
          {[frames.shown, frames.standby].map((id) => {
            if (id === null) return null;
            const shown = id === frames.shown;
            return (
              <iframe
                key={id}
                ref={shown ? frame : standby}
                title={shown ? t('previewTitle') : undefined}
                aria-hidden={shown ? undefined : true}
                tabIndex={shown && entered ? 0 : -1}
                data-testid={shown ? 'preview-frame' : 'preview-standby-frame'}
                sandbox={PREVIEW_SANDBOX}
                src={PREVIEW_HOST_URL}
                style={shown ? shownStyle : STANDBY_STYLE}
                data-painted={shown && painted === id ? '' : undefined}
                className={
                  shown
                    ? `block h-full w-full border-0 ${painted === id ? 'bg-white' : 'bg-gray-100 dark:bg-gray-950'}`
                    : 'border-0'
                }
              />
            );
          })}
        </div>
        {runtime.status === 'loading' && (
          <div className="pointer-events-none absolute top-2 right-2 flex items-center gap-1 rounded-full bg-white/90 px-2 py-1 text-xs text-gray-600 shadow dark:bg-gray-900/90 dark:text-gray-300">
            <Loader2 className="size-3 animate-spin" aria-hidden />
            {t('previewLoading')}
          </div>
        )}
        {(runtime.status === 'error' || locked) && (
          <div
            role="alert"
            data-testid="preview-error"
            // At the top of the preview: toasts come up at the bottom right, above the prompt bar.
            className="absolute inset-x-3 top-3 rounded-lg border border-red-200 bg-red-50/95 px-3 py-2 text-sm text-red-800 shadow dark:border-red-900 dark:bg-red-950/95 dark:text-red-200"
          >
            {locked ? (
              <p className="flex items-center gap-2 font-medium">
                <Lock className="size-4 shrink-0" aria-hidden />
                {t('locked')}
              </p>
            ) : null}
            <p className="break-words">
              {runtime.error} {attemptLabel(runtime)}
              {runtime.status === 'error' && runtime.attempt < MAX_ATTEMPTS ? ` · ${t('retrying')}` : ''}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
