import { clsx } from 'clsx';
import { AlertDialog } from 'radix-ui';
import { AlertDialogContent } from './dialog-content';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

/**
 * A destructive action behind a confirmation (revoke a key, remove an endpoint): a red outlined
 * button labelled `triggerLabel` opens it; the red confirm button calls `onConfirm` and is disabled
 * while `pending`.
 */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerLabel: string;
  /** The trigger's accessible name when its visible label alone is ambiguous (which key, which endpoint). */
  triggerAriaLabel?: string;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          aria-label={props.triggerAriaLabel}
          className={clsx(
            'rounded-lg border border-red-300 px-3 py-1.5 font-medium text-red-700 text-sm hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/40',
            focusRing,
          )}
        >
          {props.triggerLabel}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialogContent className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <AlertDialog.Title className="font-semibold text-lg text-slate-900 dark:text-white">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-600 text-sm dark:text-slate-300">
            {props.description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <button
                type="button"
                className={clsx(
                  'rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 text-sm hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
                  focusRing,
                )}
              >
                {props.cancelLabel}
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              onClick={props.onConfirm}
              disabled={props.pending}
              className={clsx(
                'rounded-lg bg-red-600 px-4 py-2 font-medium text-sm text-white hover:bg-red-700 disabled:opacity-50',
                focusRing,
              )}
            >
              {props.confirmLabel}
            </button>
          </div>
        </AlertDialogContent>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
