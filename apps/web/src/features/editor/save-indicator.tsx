import { AlertTriangle, Check, CircleDot, Loader2 } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import type { SaveStatus } from './files/use-file-session';

const styles: Record<SaveStatus, string> = {
  saved: 'text-emerald-700 dark:text-emerald-400',
  saving: 'text-gray-600 dark:text-gray-300',
  unsaved: 'text-amber-700 dark:text-amber-400',
  error: 'text-red-700 dark:text-red-400',
  conflict: 'text-red-700 dark:text-red-400',
};

export function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('editor');
  const Icon = status === 'saved' ? Check : status === 'saving' ? Loader2 : status === 'unsaved' ? CircleDot : AlertTriangle;
  return (
    <span
      role="status"
      data-testid="save-status"
      data-status={status}
      className={`inline-flex items-center gap-1 text-xs font-medium ${styles[status]}`}
    >
      <Icon className={`size-3.5 ${status === 'saving' ? 'animate-spin' : ''}`} aria-hidden />
      {t(`status.${status}`)}
    </span>
  );
}

export function StaleDraftBanner({ onRecover, onDiscard }: { onRecover: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('editor');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      <p className="flex-1">{t('staleDraft')}</p>
      <button
        type="button"
        onClick={onRecover}
        className="rounded-md bg-amber-600 px-3 py-1 font-semibold text-white hover:bg-amber-500"
      >
        {t('recoverDraft')}
      </button>
      <button
        type="button"
        onClick={onDiscard}
        className="rounded-md px-3 py-1 font-medium hover:bg-amber-100 dark:hover:bg-amber-900"
      >
        {t('discardDraft')}
      </button>
    </div>
  );
}
