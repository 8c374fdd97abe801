import type { Finding } from '@div/shared/checks';
import { PREVIEW_SANDBOX } from '@div/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { type AxeSpanish, browserFindings, parseBrowserReport } from '../../checks/browser-findings';
import type { EditableFile } from '../files/drafts';
import { CHECKS_RUNTIME_SCRIPT } from './checks-runtime';
import { buildPreviewDocument } from './preview-document';
import { fromOwnFrame, parsePreviewMessage, sendToFrame } from './preview-messages';
import { PREVIEW_HOST_URL } from './preview-panel';
import { PREVIEW_RUNTIME_SCRIPT } from './runtime-script';

/** How long a page may take to load and be checked before it is given up. */
const PAGE_TIMEOUT_MS = 30_000;
/** After the load, how long layout shifts (late images, fonts) are still counted before checking. */
const SETTLE_MS = 800;
/** The frame the pages are checked in: a phone's width, in the viewport (so it renders), unseen. */
const FRAME_STYLE = {
  position: 'fixed',
  left: 0,
  top: 0,
  width: 390,
  height: 844,
  opacity: 0,
  pointerEvents: 'none',
  zIndex: -1,
  border: 0,
} as const;

/** axe-core's source, loaded into the frames only when a check runs (its own chunk). */
const loadAxeSource = () => import('axe-core/axe.min.js?raw').then((module) => module.default);
/** axe-core's Spanish help texts, by rule (its `locales/es.json`). */
const loadAxeSpanish = () =>
  import('axe-core/locales/es.json?raw').then(
    (module) => (JSON.parse(module.default) as { rules: AxeSpanish }).rules,
    (): AxeSpanish => ({}),
  );

/**
 * Checks each page in a sandboxed frame of its own (issue 40, ADR 0243): the same host page and
 * sandbox as the preview, the page assembled with the checks runtime after the preview's. One page
 * at a time; each page's findings (or null, when the page never answered) go to `onPage`; the frame
 * is gone when `onDone` runs.
 */
export function BrowserChecksFrames({
  files,
  images,
  pages,
  onPage,
  onDone,
}: {
  files: EditableFile[];
  images: Readonly<Record<string, string>>;
  pages: string[];
  onPage: (page: string, findings: Finding[] | null) => void;
  onDone: () => void;
}) {
  const [index, setIndex] = useState(0);
  // The files as they were when the check started: edits meanwhile wait for the next check.
  const [site] = useState(() => ({ files, images }));
  const frame = useRef<HTMLIFrameElement>(null);
  const callbacks = useRef({ onPage, onDone });
  callbacks.current = { onPage, onDone };
  const page = pages[index];

  useEffect(() => {
    if (page === undefined) {
      callbacks.current.onDone();
      return;
    }
    let finished = false;
    const next = (data: unknown) => {
      if (finished) return;
      finished = true;
      const report = parseBrowserReport(data);
      void spanish.then((rules) => {
        callbacks.current.onPage(page, report ? browserFindings(page, report, rules) : null);
        setIndex((current) => current + 1);
      });
    };
    const axe = loadAxeSource();
    const spanish = loadAxeSpanish();
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      if (!fromOwnFrame(event, frame.current)) return;
      const data = event.data as Record<string, unknown> | null;
      if (data?.source === 'div-preview' && data.type === 'checks-result') return next(data);
      const message = parsePreviewMessage(event.data);
      if (message?.type === 'host-ready') {
        sendToFrame(frame.current, {
          type: 'render',
          html: buildPreviewDocument(site.files, PREVIEW_RUNTIME_SCRIPT + CHECKS_RUNTIME_SCRIPT, site.images, page),
        });
      } else if (message?.type === 'ready') {
        settle = setTimeout(() => {
          void axe.then(
            (source) => sendToFrame(frame.current, { type: 'checks-run', axe: source }),
            () => next(null),
          );
        }, SETTLE_MS);
      }
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => next(null), PAGE_TIMEOUT_MS);
    return () => {
      finished = true;
      clearTimeout(timer);
      clearTimeout(settle);
      window.removeEventListener('message', onMessage);
    };
  }, [page, site]);

  if (page === undefined) return null;
  return (
    <iframe
      key={`${index}:${page}`}
      ref={frame}
      title={page}
      aria-hidden
      tabIndex={-1}
      data-testid="checks-frame"
      sandbox={PREVIEW_SANDBOX}
      src={PREVIEW_HOST_URL}
      style={FRAME_STYLE}
    />
  );
}
