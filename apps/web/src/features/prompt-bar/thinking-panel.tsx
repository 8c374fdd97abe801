import { Brain } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import './locale';

/** The model's plan while it thinks, folded away on request. */
export function ThinkingPanel({ thinking }: { thinking: string }) {
  const { t } = useTranslation('prompt-bar');
  const [shown, setShown] = useState(true);
  return (
    <section
      aria-label={t('thinkingTitle')}
      data-testid="thinking-panel"
      className="mb-2 rounded-lg border border-indigo-200 bg-indigo-50/60 text-sm dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <button
        type="button"
        onClick={() => setShown((v) => !v)}
        aria-expanded={shown}
        className="flex w-full items-center gap-2 px-3 py-1.5 text-left font-medium text-indigo-800 dark:text-indigo-200"
      >
        <Brain className="size-4" aria-hidden />
        {t('thinkingTitle')}
        <span className="ml-auto text-xs font-normal">{shown ? t('hideThinking') : t('showThinking')}</span>
      </button>
      {shown && (
        <p className="max-h-32 overflow-auto px-3 pb-2 whitespace-pre-wrap text-gray-700 dark:text-gray-300">{thinking}</p>
      )}
    </section>
  );
}
