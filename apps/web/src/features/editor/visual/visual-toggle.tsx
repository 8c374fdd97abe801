import { PencilLine } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { useEditorStore, useEditorUi } from '../editor-store';
import type { EditableFile } from '../files/drafts';

/** "Editar": turns the visual edit mode on and off from the preview itself. */
export function VisualToggle() {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const on = useEditorUi((state) => state.visualEditing);
  return (
    <button
      type="button"
      aria-pressed={on}
      data-testid="visual-toggle"
      onClick={() => store.set({ visualEditing: !on, visualSelection: null, inspecting: false, selectedElement: null })}
      className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold shadow ${
        on
          ? 'bg-indigo-600 text-white'
          : 'bg-white/95 text-gray-800 ring-1 ring-gray-300 hover:bg-white dark:bg-gray-900/95 dark:text-gray-100 dark:ring-gray-700'
      }`}
    >
      <PencilLine className="size-3.5" aria-hidden />
      {t('tools.visual')}
    </button>
  );
}

/** The pages of a site with more than one: the preview shows the one chosen, and visual edits write to it. */
export function PreviewPagePicker({ files }: { files: readonly EditableFile[] }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const chosen = useEditorUi((state) => state.previewPage);
  const pages = files.filter((file) => /\.html?$/i.test(file.path)).map((file) => file.path);
  if (pages.length < 2) return null;
  const shown = chosen && pages.includes(chosen) ? chosen : (pages.find((p) => p === 'index.html') ?? pages[0]);
  return (
    <select
      aria-label={t('tools.page')}
      data-testid="preview-page"
      value={shown}
      onChange={(event) => store.set({ previewPage: event.target.value, visualSelection: null, selectedElement: null })}
      className="rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-gray-800 shadow ring-1 ring-gray-300 dark:bg-gray-900/95 dark:text-gray-100 dark:ring-gray-700"
    >
      {pages.map((page) => (
        <option key={page} value={page}>
          {page}
        </option>
      ))}
    </select>
  );
}
