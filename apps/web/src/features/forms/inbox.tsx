import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { AlertTriangle, Download, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadingMessage } from '../../components/loading-message';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import {
  deleteAllSubmissions,
  deleteSubmission,
  downloadCsv,
  type Folder,
  inboxKey,
  updateSubmission,
  useSubmissions,
} from './api';
import { SubmissionCard } from './submission-card';
import './locale';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2';

/** The space's submissions, newest first: received and spam apart, search, CSV, delete. */
export function Inbox({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation('forms');
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<Folder>('inbox');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deletingAll, setDeletingAll] = useState(false);
  const list = useSubmissions(spaceId, folder, q, true);

  // Searches once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: inboxKey(spaceId) });
  const act = async (id: string, run: () => Promise<unknown>, done?: string) => {
    setBusyId(id);
    try {
      await run();
      if (done) toast.success(done);
    } catch (error) {
      toast.error(t('actionError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setBusyId(null);
      await refresh();
    }
  };
  const removeAll = async () => {
    setDeletingAll(true);
    try {
      const { deleted } = await deleteAllSubmissions(spaceId, folder);
      toast.success(t('deletedAll', { count: deleted }));
      setConfirming(false);
    } catch (error) {
      toast.error(t('actionError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setDeletingAll(false);
      await refresh();
    }
  };
  const exportCsv = async () => {
    try {
      await downloadCsv(spaceId, folder, q);
      toast.success(t('exported'));
    } catch (error) {
      toast.error(t('actionError'), { description: error instanceof Error ? error.message : undefined });
    }
  };

  const data = list.data;
  const folderName = folder === 'spam' ? t('spam') : t('inbox');
  const submissions = data?.submissions ?? [];
  return (
    <section aria-labelledby="inbox-title" className="mt-8">
      <h2 id="inbox-title" className="sr-only">
        {folderName}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <nav aria-label={t('folders')} className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          {(['inbox', 'spam'] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={folder === name}
              onClick={() => setFolder(name)}
              className={clsx(
                'rounded-md px-3 py-1.5 font-medium text-sm',
                focusRing,
                folder === name
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {name === 'inbox' ? t('inbox') : t('spam')}
              {name === 'inbox' && data && data.unread > 0 && (
                <span className="ml-2 rounded-full bg-indigo-600 px-1.5 py-0.5 text-white text-xs" data-testid="unread-count">
                  {t('unread', { count: data.unread })}
                </span>
              )}
              {name === 'spam' && data && data.spam > 0 && <span className="ml-2 text-xs">({data.spam})</span>}
            </button>
          ))}
        </nav>
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-slate-700 text-sm dark:text-slate-200">
          {t('search')}
          <span className="relative">
            <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500" aria-hidden />
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={t('searchPlaceholder')}
              className={clsx(
                'w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-8 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-white',
                focusRing,
              )}
            />
          </span>
        </label>
        <button
          type="button"
          onClick={exportCsv}
          className={clsx(
            'inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 text-sm hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
            focusRing,
          )}
        >
          <Download className="size-4" aria-hidden />
          {t('exportCsv')}
        </button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          triggerLabel={t('deleteAll')}
          title={t('deleteAllTitle', { folder: folderName })}
          description={t('deleteAllText')}
          cancelLabel={t('cancel')}
          confirmLabel={t('confirmDelete')}
          onConfirm={removeAll}
          pending={deletingAll}
        />
      </div>

      {data && data.allowance.limit > 0 && (
        <p className="mt-4 text-slate-600 text-sm dark:text-slate-300" data-testid="allowance">
          {t('allowance', { used: Math.min(data.allowance.used, data.allowance.limit), limit: data.allowance.limit })}
          {data.allowance.locked > 0 && (
            <>
              {' '}
              <strong className="text-amber-800 dark:text-amber-200">
                {t('allowanceOver', { count: data.allowance.locked })}
              </strong>{' '}
              <Link to={paths.pricing} className="font-semibold text-indigo-700 underline dark:text-indigo-300">
                {t('upgrade')}
              </Link>
            </>
          )}
        </p>
      )}

      {list.isError ? (
        <div
          role="alert"
          className="mt-6 rounded-xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40"
        >
          <AlertTriangle aria-hidden className="mx-auto size-8 text-red-600" />
          <p className="mt-2 font-medium text-red-800 dark:text-red-200">{t('loadError')}</p>
          <p className="text-red-700 text-sm dark:text-red-300">{list.error.message}</p>
          <button
            type="button"
            onClick={() => list.refetch()}
            className={clsx('mt-3 rounded-lg bg-red-700 px-4 py-2 text-sm text-white', focusRing)}
          >
            {t('retry')}
          </button>
        </div>
      ) : !data ? (
        <LoadingMessage message={t('loading')} />
      ) : submissions.length === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-300 border-dashed p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {q ? t('noResults', { q }) : folder === 'spam' ? t('emptySpam') : t('empty')}
        </p>
      ) : (
        <>
          <ul aria-label={folderName} className="mt-6 flex flex-col gap-3">
            {submissions.map((submission) => (
              <SubmissionCard
                key={submission.id}
                submission={submission}
                busy={busyId === submission.id}
                onChange={(change) => act(submission.id, () => updateSubmission(spaceId, submission.id, change))}
                onDelete={() => act(submission.id, () => deleteSubmission(spaceId, submission.id), t('deleted'))}
              />
            ))}
          </ul>
          {data.nextCursor && <p className="mt-4 text-slate-600 text-sm dark:text-slate-300">{t('more')}</p>}
        </>
      )}
    </section>
  );
}
