import { MIN_LOADING_MS } from '@div/shared/constants';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { registerLocale, useTranslation } from '../../lib/i18n';

registerLocale('loading', {
  es: { loading: 'Cargando...', preparing: 'Preparando tu espacio de trabajo', ready: 'Todo listo', goHome: 'Ir al inicio' },
  en: { loading: 'Loading...', preparing: 'Preparing your workspace', ready: 'All set', goHome: 'Go home' },
});

/** The loading page: the loading state stays at least MIN_LOADING_MS (2000 ms by default). */
export default function LoadingPage({ minimumMs = MIN_LOADING_MS }: { minimumMs?: number }) {
  const { t } = useTranslation('loading');
  const [done, setDone] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setDone(true), minimumMs);
    return () => window.clearTimeout(timer);
  }, [minimumMs]);

  return (
    <main className="flex flex-1 items-center justify-center px-4 py-24">
      <div className="text-center" role="status" aria-live="polite" data-loading-state={done ? 'done' : 'loading'}>
        <div className="relative mx-auto size-16">
          <span className="absolute inset-0 rounded-full border-4 border-indigo-100 dark:border-indigo-950" />
          {!done && (
            <span className="absolute inset-0 animate-spin rounded-full border-4 border-transparent border-t-indigo-600 dark:border-t-indigo-400" />
          )}
          {done && <span className="absolute inset-0 rounded-full border-4 border-emerald-500" />}
        </div>
        <h1 className="mt-6 font-bold text-2xl text-slate-900 dark:text-white">{done ? t('ready') : t('loading')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t('preparing')}</p>
        {done && (
          <Link
            to="/"
            className="mt-6 inline-block rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-500"
          >
            {t('goHome')}
          </Link>
        )}
      </div>
    </main>
  );
}
