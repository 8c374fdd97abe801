import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { registerLocale, useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { getSession } from '../../lib/session';

registerLocale('not-found', {
  es: {
    title: 'Página no encontrada',
    body: 'No hay nada en {{path}}. Puede que la dirección esté mal escrita o que la página ya no exista.',
    home: 'Ir al inicio',
    spaces: 'Ir a tus proyectos',
  },
  en: {
    title: 'Page not found',
    body: 'There is nothing at {{path}}. The address may be mistyped, or the page may no longer exist.',
    home: 'Go home',
    spaces: 'Go to your projects',
  },
});

/** Any address the app has no screen for (issue 43: it used to show the home page as if it were right). */
export default function NotFoundPage() {
  const { t } = useTranslation('not-found');
  const { pathname } = useLocation();
  useDocumentTitle(t('title'));
  const signedIn = getSession() !== null;
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-24">
      <div className="max-w-md text-center">
        <p className="font-bold text-5xl text-indigo-700 dark:text-indigo-300" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 font-bold text-2xl text-slate-900 dark:text-white">{t('title')}</h1>
        <p className="mt-3 break-words text-slate-600 dark:text-slate-300">{t('body', { path: pathname })}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={signedIn ? paths.spaces : paths.home}
            className="inline-flex items-center gap-2 rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {signedIn ? t('spaces') : t('home')}
          </Link>
          {signedIn && (
            <Link
              to={paths.home}
              className="rounded-xl px-5 py-2.5 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {t('home')}
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
