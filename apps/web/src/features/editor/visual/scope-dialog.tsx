import { AlertDialog } from 'radix-ui';
import { useTranslation } from '../../../lib/i18n';
import './locale';
import { AlertDialogContent } from '../../../components/dialog-content';

export interface ScopeQuestion {
  prompt: string;
  /** "Este cambio también afecta a… ¿Aplicar igualmente?" from the server, naming what it reaches. */
  message: string;
  proposal: { path: string; content: string }[];
}

/** Asks before applying an AI answer that reaches beyond the selected element (ADR 0201). */
export function ScopeDialog({
  question,
  onCancel,
  onApply,
}: {
  question: ScopeQuestion;
  onCancel: () => void;
  onApply: () => void;
}) {
  const { t } = useTranslation('visual');
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialogContent className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-gray-900">
          <AlertDialog.Title className="text-lg font-semibold text-gray-900 dark:text-gray-100">
            {t('scope.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm break-words text-gray-700 dark:text-gray-300">
            {question.message}
          </AlertDialog.Description>
          <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">
            {t('scope.files', { files: question.proposal.map((file) => file.path).join(', ') })}
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-lg px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800">
              {t('scope.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onApply}
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
            >
              {t('scope.apply')}
            </AlertDialog.Action>
          </div>
        </AlertDialogContent>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
