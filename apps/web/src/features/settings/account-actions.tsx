import { ACCOUNT_DELETE_CONFIRMATION } from '@div/shared/billing';
import { LogOut, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialogContent } from '../../components/dialog-content';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { deleteAccount, logoutAll } from './api';

const card = 'rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900';

/** Sign out of every session, and delete the account after a typed confirmation. */
export function AccountActions() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await logoutAll();
      clearSession();
      navigate(paths.login);
    } catch {
      toast.error(t('sessions.error'));
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteAccount();
      clearSession();
      navigate(paths.home);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t('delete.error'));
      setBusy(false);
    }
  };

  return (
    <>
      <section aria-labelledby="sessions-title" className={`${card} border-slate-200 dark:border-slate-800`}>
        <h2 id="sessions-title" className="font-semibold text-lg text-slate-900 dark:text-white">
          {t('sessions.title')}
        </h2>
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t('sessions.text')}</p>
        <button
          type="button"
          onClick={signOutEverywhere}
          disabled={busy}
          className="mt-4 inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <LogOut aria-hidden className="size-4" />
          {t('sessions.logoutAll')}
        </button>
      </section>

      <section aria-labelledby="delete-title" className={`${card} border-red-200 dark:border-red-900`}>
        <h2 id="delete-title" className="font-semibold text-lg text-red-700 dark:text-red-400">
          {t('delete.title')}
        </h2>
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t('delete.text')}</p>
        <AlertDialog.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setTyped('');
          }}
        >
          <AlertDialog.Trigger asChild>
            <button
              type="button"
              className="mt-4 inline-flex items-center gap-2 rounded-lg bg-red-600 px-4 py-2 font-medium text-sm text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-red-500 focus-visible:outline-offset-2"
            >
              <Trash2 aria-hidden className="size-4" />
              {t('delete.button')}
            </button>
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <AlertDialogContent className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
              <AlertDialog.Title className="font-semibold text-lg text-slate-900 dark:text-white">
                {t('delete.confirmTitle')}
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-slate-600 text-sm dark:text-slate-300">
                {t('delete.text')} {t('delete.confirmText', { word: ACCOUNT_DELETE_CONFIRMATION })}
              </AlertDialog.Description>
              <label className="mt-4 block font-medium text-slate-700 text-sm dark:text-slate-200">
                {t('delete.confirmLabel')}
                <input
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  autoComplete="off"
                  className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-red-500 dark:border-slate-600 dark:bg-slate-950 dark:text-white"
                />
              </label>
              <div className="mt-6 flex justify-end gap-3">
                <AlertDialog.Cancel asChild>
                  <button
                    type="button"
                    className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:text-slate-100"
                  >
                    {t('delete.cancel')}
                  </button>
                </AlertDialog.Cancel>
                <button
                  type="button"
                  onClick={remove}
                  disabled={busy || typed.trim() !== ACCOUNT_DELETE_CONFIRMATION}
                  className="rounded-lg bg-red-600 px-4 py-2 font-medium text-sm text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-red-500 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  {t('delete.confirm')}
                </button>
              </div>
            </AlertDialogContent>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </section>
    </>
  );
}
