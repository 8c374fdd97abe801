import { clsx } from 'clsx';
import { Palette } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import './locale';

/** "Cambiar diseño" in the editor's header (issue 38). */
export function DesignButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('design');
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="design-button"
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-lg border border-gray-300 px-2.5 py-1.5 font-medium text-sm hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
      )}
    >
      <Palette className="size-4" aria-hidden />
      <span className="hidden sm:inline">{t('button')}</span>
      <span className="sr-only sm:hidden">{t('button')}</span>
    </button>
  );
}
