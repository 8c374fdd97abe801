import { MousePointerClick, Send, X } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useEditorStore, useEditorUi } from '../editor-store';

/** The element picked in the preview: its selector and outer HTML, ready to hand to the prompt. */
export function InspectorPanel() {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const inspecting = useEditorUi((state) => state.inspecting);
  const selected = useEditorUi((state) => state.selectedElement);
  if (!inspecting && !selected) return null;

  return (
    <section
      aria-label={t('inspector.title')}
      data-testid="inspector-panel"
      className="border-t border-gray-200 bg-white p-3 text-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="mb-2 flex items-center gap-2">
        <MousePointerClick className="size-4 text-indigo-600 dark:text-indigo-300" aria-hidden />
        <h2 className="font-semibold text-gray-900 dark:text-gray-100">{t('inspector.title')}</h2>
        <span className="text-xs text-gray-600 dark:text-gray-400">{inspecting ? t('inspector.active') : ''}</span>
        <button
          type="button"
          onClick={() => store.set({ inspecting: false, selectedElement: null })}
          aria-label={t('inspector.close')}
          className="ml-auto rounded p-1 text-gray-500 hover:bg-gray-100 dark:hover:bg-gray-800"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {selected ? (
        <>
          <code
            data-testid="inspector-selector"
            className="block truncate rounded bg-gray-100 px-2 py-1 text-xs text-indigo-700 dark:bg-gray-800 dark:text-indigo-300"
          >
            {selected.selector}
          </code>
          <pre className="mt-2 max-h-28 overflow-auto rounded bg-gray-50 p-2 text-xs whitespace-pre-wrap text-gray-700 dark:bg-gray-950 dark:text-gray-300">
            {selected.html}
          </pre>
          <button
            type="button"
            onClick={() => {
              store.set({ promptElement: selected, inspecting: false });
              toast.success(t('inspector.handed'));
            }}
            className="mt-2 inline-flex items-center gap-1 rounded-md bg-indigo-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-indigo-500"
          >
            <Send className="size-3" aria-hidden />
            {t('inspector.useInPrompt')}
          </button>
        </>
      ) : (
        <p className="text-gray-600 dark:text-gray-400">{t('inspector.hint')}</p>
      )}
    </section>
  );
}
