import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { registerLocale, useTranslation } from '../../lib/i18n';
import { socialProfileFor } from './social-profiles';

registerLocale('social', {
  es: { redirecting: 'Redirigiendo a {{name}}...', manual: 'Si no ocurre nada, abre {{name}} aquí.' },
  en: { redirecting: 'Redirecting to {{name}}...', manual: 'If nothing happens, open {{name}} here.' },
});

const REDIRECT_DELAY_MS = 600;

/** 'Redirigiendo a ...' and then the browser leaves for the configured profile; unknown goes home. */
export default function SocialRedirectPage() {
  const { t } = useTranslation('social');
  const location = useLocation();
  const profile = socialProfileFor(location.pathname.replace(/^\/+|\/+$/g, ''));

  useEffect(() => {
    if (!profile) return;
    // A short pause lets the visitor read where they are going.
    const timer = window.setTimeout(() => window.location.assign(profile.url), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [profile]);

  if (!profile) return <Navigate to="/" replace />;
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-24">
      <div className="text-center" role="status">
        <Loader2 aria-hidden="true" className="mx-auto size-10 animate-spin text-indigo-600 dark:text-indigo-400" />
        <h1 className="mt-6 font-bold text-2xl text-slate-900 dark:text-white">{t('redirecting', { name: profile.name })}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          <a href={profile.url} rel="noopener noreferrer" className="text-indigo-700 underline dark:text-indigo-300">
            {t('manual', { name: profile.name })}
          </a>
        </p>
      </div>
    </main>
  );
}
