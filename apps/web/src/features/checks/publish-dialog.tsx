import type { ChecksResponse } from '@div/shared/checks';
import { clsx } from 'clsx';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from '../../lib/i18n';
import { ScoreBadge } from './score';
import './locale';
import { AlertDialogContent } from '../../components/dialog-content';
import { summaryText } from './summary-text';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

/**
 * Before publishing (issue 40): the check's summary; with errors it asks, and "Publicar igualmente"
 * always publishes (the check never blocks). `checks` is null while checking, undefined if it failed.
 */
export function PublishChecksDialog({
  checks,
  onPublish,
  onOpenChecks,
  onCancel,
}: {
  checks: ChecksResponse | null | undefined;
  onPublish: () => void;
  onOpenChecks: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('checks');
  const errors = checks?.summary.errors ?? 0;
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialogContent
          data-testid="publish-checks-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-gray-900"
        >
          <div className="flex items-center gap-2">
            <AlertDialog.Title className="flex-1 font-semibold text-gray-900 text-lg dark:text-gray-100">
              {errors > 0 ? t('publish.errorsTitle') : t('publish.title')}
            </AlertDialog.Title>
            {checks && <ScoreBadge score={checks.summary.score} label={t('score')} />}
          </div>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-1 text-gray-700 text-sm dark:text-gray-200">
              {checks === null && <p role="status">{t('publish.checking')}</p>}
              {checks === undefined && <p>{t('publish.unchecked')}</p>}
              {checks && <p data-testid="publish-checks-summary">{summaryText(t, checks.summary)}</p>}
              {checks && <p>{errors > 0 ? t('publish.errorsText', { count: errors }) : t('publish.okText')}</p>}
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel
              className={clsx(
                'rounded-lg px-4 py-2 font-medium text-gray-700 text-sm hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
                focusRing,
              )}
            >
              {t('publish.cancel')}
            </AlertDialog.Cancel>
            {checks && checks.findings.length > 0 && (
              <button
                type="button"
                onClick={onOpenChecks}
                className={clsx(
                  'rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800 text-sm hover:bg-gray-50 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-800',
                  focusRing,
                )}
              >
                {t('publish.openChecks')}
              </button>
            )}
            <AlertDialog.Action
              onClick={onPublish}
              disabled={checks === null}
              className={clsx(
                'rounded-lg px-4 py-2 font-semibold text-sm text-white disabled:opacity-60',
                errors > 0 ? 'bg-red-700 hover:bg-red-600' : 'bg-indigo-600 hover:bg-indigo-500',
                focusRing,
              )}
            >
              {errors > 0 ? t('publish.publishAnyway') : t('publish.publish')}
            </AlertDialog.Action>
          </div>
        </AlertDialogContent>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
