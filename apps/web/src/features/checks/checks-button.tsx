import { clsx } from 'clsx';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { ScoreBadge } from './score';
import './locale';

/** "Revisión" with its score, in the editor's header beside "Publicar" (issue 40). */
export function ChecksButton({ score, onOpen }: { score: number | undefined; onOpen: () => void }) {
  const { t } = useTranslation('checks');
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="checks-button"
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-lg border border-gray-300 px-2.5 py-1.5 font-medium text-sm hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
      )}
    >
      <ClipboardCheck className="size-4" aria-hidden />
      {/* The name is what it shows (axe: label-content-name-mismatch), with the score's meaning for screen readers. */}
      <span className="hidden sm:inline">{t('button')}</span>
      <span className="sr-only sm:hidden">{t('button')}</span>{' '}
      {score !== undefined && <ScoreBadge score={score} label={t('scoreOutOf')} />}
    </button>
  );
}
