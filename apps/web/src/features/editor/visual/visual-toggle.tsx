import { PencilLine } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { useEditorStore, useEditorUi } from '../editor-store';

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
      className={`absolute top-2 left-2 z-20 inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold shadow ${
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
