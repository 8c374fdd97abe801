import { Sparkles, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEditorStore, useEditorUi } from './editor-store';

/**
 * The place of the prompt bar (AI generation is the next issue). It already shows the element
 * handed over from the inspector; the prompt bar will read `promptElement` and set `aiBusy`.
 */
export function PromptSlot() {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const element = useEditorUi((state) => state.promptElement);
  return (
    <div
      data-slot="prompt-bar"
      className="flex items-center gap-3 border-t border-gray-200 bg-white px-4 py-3 dark:border-gray-800 dark:bg-gray-900"
    >
      <Sparkles className="size-4 shrink-0 text-indigo-500" aria-hidden />
      <p className="flex-1 text-sm text-gray-500 dark:text-gray-400">{t('promptSoon')}</p>
      {element && (
        <span
          data-testid="prompt-element"
          className="inline-flex max-w-xs items-center gap-1 truncate rounded-full bg-indigo-50 px-2 py-1 text-xs text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
        >
          {element.selector}
          <button type="button" aria-label={t('inspector.clear')} onClick={() => store.set({ promptElement: null })}>
            <X className="size-3" aria-hidden />
          </button>
        </span>
      )}
    </div>
  );
}
