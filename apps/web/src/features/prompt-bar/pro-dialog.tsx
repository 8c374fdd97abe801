import { Sparkles } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { useTranslation } from '../../lib/i18n';

/** The PRO upsell (spec sections 2 and 9): $9/month, to the pricing page. */
export function ProDialog({
  open,
  onOpenChange,
  reason,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reason: string | null;
}) {
  const { t } = useTranslation('prompt-bar');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid="pro-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl dark:bg-gray-900"
        >
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white">
            <Sparkles className="size-6" aria-hidden />
          </div>
          <Dialog.Title className="mt-4 text-center text-xl font-bold text-gray-900 dark:text-gray-100">
            {t('pro.title')}
          </Dialog.Title>
          {reason && <p className="mt-2 text-center text-sm font-medium text-indigo-700 dark:text-indigo-300">{reason}</p>}
          <Dialog.Description className="mt-2 text-center text-sm text-gray-600 dark:text-gray-400">
            {t('pro.body')}
          </Dialog.Description>
          <p className="mt-4 text-center text-3xl font-extrabold text-gray-900 dark:text-gray-100">{t('pro.price')}</p>
          <div className="mt-6 flex flex-col gap-2">
            <Link
              to={paths.pricing}
              className="rounded-lg bg-indigo-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
            >
              {t('pro.cta')}
            </Link>
            <Dialog.Close className="rounded-lg px-4 py-2 text-sm text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800">
              {t('pro.later')}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
