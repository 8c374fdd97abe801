import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import { StreamingPreview, type StreamView } from '../prompt-bar/prompt-bar';
import { useEditorUi } from './editor-store';
import type { EditableFile } from './files/drafts';
import { PreviewPanel } from './preview/preview-panel';
import type { VisualEdits } from './visual/use-visual-edits';
import { PreviewPagePicker, VisualToggle } from './visual/visual-toggle';

// The inspector's and the visual edit's panels load on first use (ADR 0064: room for the early requests in the budget).
const InspectorPanel = lazy(() => import('./tools/inspector-panel').then((module) => ({ default: module.InspectorPanel })));
const VisualPanel = lazy(() => import('./visual/visual-panel').then((module) => ({ default: module.VisualPanel })));

/** How many HTML pages the site has (the page picker shows when there are two or more). */
function htmlPageCount(files: readonly { path: string }[]): number {
  return files.filter((file) => /\.html?$/i.test(file.path)).length;
}

/** The editor's preview pane: its tools bar, the live preview, the streaming view over it, and the inspector's and visual edit's panels. */
export function PreviewPane({
  files,
  canEdit,
  stream,
  onFix,
  onLoaded,
  visual,
  formsEndpoint,
  uploadImages,
}: {
  files: EditableFile[];
  canEdit: boolean;
  stream: StreamView | null;
  onFix: (error?: string) => void;
  onLoaded: () => void;
  visual: VisualEdits;
  formsEndpoint: string | undefined;
  uploadImages: Parameters<typeof VisualPanel>[0]['uploadImages'];
}) {
  const { t } = useTranslation('editor');
  const inspectorShown = useEditorUi((state) => state.inspecting || state.selectedElement !== null);
  const visualShown = useEditorUi((state) => state.visualEditing);
  return (
    <div className="flex h-full min-h-0 flex-col">
      {/* The preview's own controls sit in a bar above the frame, never over the site's header (its
          logo, its menu). Hidden but kept in place while code streams, so the frame does not jump. */}
      {(canEdit || htmlPageCount(files) > 1) && (
        <div
          role="group"
          aria-label={t('pane.previewTools')}
          data-testid="preview-toolbar"
          className={`flex shrink-0 items-center gap-2 border-gray-200 border-b bg-gray-50 px-2 py-1.5 dark:border-gray-800 dark:bg-gray-950 ${
            stream ? 'invisible' : ''
          }`}
        >
          {canEdit && <VisualToggle />}
          <PreviewPagePicker files={files} />
        </div>
      )}
      <div className="relative min-h-0 flex-1">
        {/* Mounted once the files are in, so the first document renders at once (no empty frame first). */}
        {files.length > 0 && (
          <PreviewPanel
            files={files}
            onFix={onFix}
            onLoaded={onLoaded}
            prepare={visual.prepare}
            onVisual={visual.onVisual}
            formsEndpoint={formsEndpoint}
          />
        )}
        {/* While code streams, the half-written site covers the live preview (which keeps its state). */}
        {stream && (
          <div className="absolute inset-0 z-10">
            <StreamingPreview view={stream} title={t('pane.preview')} />
          </div>
        )}
      </div>
      {inspectorShown && (
        <Suspense fallback={null}>
          <InspectorPanel />
        </Suspense>
      )}
      {visualShown && canEdit && (
        <Suspense fallback={null}>
          <VisualPanel edits={visual} uploadImages={uploadImages} />
        </Suspense>
      )}
    </div>
  );
}
