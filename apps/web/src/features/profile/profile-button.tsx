import { clsx } from 'clsx';
import { Lightbulb } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import './locale';

/** "Lo que entendí" in the editor's header (issue 37): opens the profile card. */
export function ProfileButton({ uncertain, onOpen }: { uncertain: number; onOpen: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="profile-button"
      className={clsx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 px-2.5 py-1.5 font-medium text-sm hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
      )}
    >
      <Lightbulb className="size-4" aria-hidden />
      {/* The name is what it shows (axe: label-content-name-mismatch). */}
      <span className="hidden sm:inline">{t('button')}</span>
      <span className="sr-only sm:hidden">{t('button')}</span>
      {uncertain > 0 && (
        <span className="rounded-full bg-amber-100 px-1.5 text-amber-900 text-xs dark:bg-amber-900/60 dark:text-amber-100">
          <span aria-hidden>{uncertain}</span>
          <span className="sr-only">
            {' '}
            ({uncertain} {t('uncertain')})
          </span>
        </span>
      )}
    </button>
  );
}
