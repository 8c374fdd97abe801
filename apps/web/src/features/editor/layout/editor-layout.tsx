import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { clampRatio, clampSidebar, type LayoutSizes, loadSizes, MOBILE_BREAKPOINT, PANEL_MIN, saveSizes } from './layout-sizes';

function useIsNarrow() {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setNarrow(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return narrow;
}

const panes = ['files', 'code', 'preview'] as const;
type Pane = (typeof panes)[number];

interface Props {
  sidebar: ReactNode;
  editor: ReactNode;
  preview: ReactNode;
  /** Each new value brings the preview to the front where the panels are tabs (a generation ended). */
  previewRequest?: number;
}

/**
 * Sidebar | code | preview with draggable (and keyboard-operable) separators; below 1024 px the
 * three switch by tabs. Panels stay mounted so the code editor and the preview keep their state.
 */
export function EditorLayout({ sidebar, editor, preview, previewRequest = 0 }: Props) {
  const { t } = useTranslation('editor');
  const narrow = useIsNarrow();
  const [sizes, setSizes] = useState<LayoutSizes>(() => loadSizes());
  // Where the panels are tabs (phones), the site comes first, and a generation streams into it (issue 43).
  const [pane, setPane] = useState<Pane>('preview');
  useEffect(() => {
    if (previewRequest > 0) setPane('preview');
  }, [previewRequest]);
  const main = useRef<HTMLDivElement>(null);
  const latest = useRef(sizes);
  latest.current = sizes;

  const update = (next: LayoutSizes, persist = false) => {
    setSizes(next);
    if (persist) saveSizes(next);
  };

  const dragSidebar = (event: PointerEvent<HTMLDivElement>) => {
    const startX = event.clientX;
    const start = latest.current.sidebar;
    drag(event, (x) => update({ ...latest.current, sidebar: clampSidebar(start + x - startX) }));
  };
  const dragSplit = (event: PointerEvent<HTMLDivElement>) => {
    const box = main.current?.getBoundingClientRect();
    if (!box) return;
    drag(event, (x) => update({ ...latest.current, editorRatio: clampRatio((x - box.left) / box.width, box.width) }));
  };
  const drag = (event: PointerEvent<HTMLDivElement>, move: (x: number) => void) => {
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    document.body.style.userSelect = 'none';
    // The frames would swallow pointer events while dragging over them.
    document.body.classList.add('[&_iframe]:pointer-events-none');
    const onMove = (moveEvent: globalThis.PointerEvent) => move(moveEvent.clientX);
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      target.removeEventListener('pointercancel', onUp);
      document.body.style.userSelect = '';
      document.body.classList.remove('[&_iframe]:pointer-events-none');
      saveSizes(latest.current);
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
    target.addEventListener('pointercancel', onUp);
  };
  const keySidebar = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowLeft' ? -16 : event.key === 'ArrowRight' ? 16 : 0;
    if (step) update({ ...sizes, sidebar: clampSidebar(sizes.sidebar + step) }, true);
  };
  const keySplit = (event: KeyboardEvent) => {
    const width = main.current?.getBoundingClientRect().width ?? 1000;
    const step = event.key === 'ArrowLeft' ? -0.03 : event.key === 'ArrowRight' ? 0.03 : 0;
    if (step) update({ ...sizes, editorRatio: clampRatio(sizes.editorRatio + step, width) }, true);
  };

  if (narrow) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div role="tablist" aria-label={t('panels')} className="flex border-b border-gray-200 dark:border-gray-800">
          {panes.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={pane === name}
              onClick={() => setPane(name)}
              className={`flex-1 px-3 py-2 text-sm font-medium ${pane === name ? 'border-b-2 border-indigo-500 text-indigo-600 dark:text-indigo-300' : 'text-gray-600 dark:text-gray-400'}`}
            >
              {t(`pane.${name}`)}
            </button>
          ))}
        </div>
        <div className={pane === 'files' ? 'min-h-0 flex-1 overflow-auto' : 'hidden'}>{sidebar}</div>
        <div className={pane === 'code' ? 'flex min-h-0 flex-1 flex-col' : 'hidden'}>{editor}</div>
        <div className={pane === 'preview' ? 'min-h-0 flex-1' : 'hidden'}>{preview}</div>
      </div>
    );
  }

  const separator =
    'w-1.5 shrink-0 cursor-col-resize bg-gray-200 transition-colors hover:bg-indigo-400 focus-visible:bg-indigo-500 dark:bg-gray-800';
  return (
    <div className="flex min-h-0 flex-1">
      <aside style={{ width: sizes.sidebar }} className="min-h-0 shrink-0 overflow-auto" data-testid="file-sidebar">
        {sidebar}
      </aside>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('resizeSidebar')}
        aria-valuemin={200}
        aria-valuemax={400}
        aria-valuenow={sizes.sidebar}
        tabIndex={0}
        onPointerDown={dragSidebar}
        onKeyDown={keySidebar}
        className={separator}
      />
      <div ref={main} className="flex min-h-0 min-w-0 flex-1">
        <div style={{ width: `${sizes.editorRatio * 100}%`, minWidth: PANEL_MIN }} className="flex min-h-0 min-w-0 flex-col">
          {editor}
        </div>
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={t('resizePreview')}
          aria-valuenow={Math.round(sizes.editorRatio * 100)}
          tabIndex={0}
          onPointerDown={dragSplit}
          onKeyDown={keySplit}
          className={separator}
        />
        <div style={{ minWidth: PANEL_MIN }} className="min-h-0 min-w-0 flex-1" data-testid="preview-panel">
          {preview}
        </div>
      </div>
    </div>
  );
}
