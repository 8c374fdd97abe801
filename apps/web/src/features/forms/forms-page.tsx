import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadingMessage } from '../../components/loading-message';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSpaceHeader } from './api';
import { Inbox } from './inbox';
import { NotificationSettings } from './notification-settings';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * "Formularios" (/space/{id}/forms, issue 23): the inbox of a space's forms for its owner and
 * editors, and the notification settings for the owner (ADR 0194, 0196).
 */
export default function FormsPage() {
  const { t } = useTranslation('forms');
  const spaceId = useParams().spaceId ?? '';
  const header = useSpaceHeader(spaceId);
  const role = header.data?.role;

  useDocumentTitle(`${t('title')}${header.data ? ` · ${header.data.name}` : ''}`);

  return (
    <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
      <Link
        to={paths.space(spaceId)}
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('back')}
      </Link>
      <h1 className="mt-3 font-bold text-3xl text-slate-900 tracking-tight dark:text-white">{t('title')}</h1>
      {header.data && <p className="mt-2 text-slate-600 dark:text-slate-300">{t('subtitle', { name: header.data.name })}</p>}
      {header.isError ? (
        <p
          role="alert"
          className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {header.error.message}
        </p>
      ) : !role ? (
        <LoadingMessage message={t('loading')} />
      ) : role === 'viewer' ? (
        <p className="mt-8 rounded-xl border border-slate-200 p-6 text-slate-700 dark:border-slate-800 dark:text-slate-200">
          {t('forbidden')}
        </p>
      ) : (
        <>
          <Inbox spaceId={spaceId} />
          {role === 'owner' && <NotificationSettings spaceId={spaceId} />}
        </>
      )}
    </main>
  );
}
