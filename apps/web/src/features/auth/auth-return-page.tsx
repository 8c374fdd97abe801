import type { AuthCallbackErrorReason } from '@div/shared/auth';
import { CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import './auth-locale';

const providerNames = { google: 'Google', github: 'GitHub' } as const;
export type Provider = keyof typeof providerNames;

const knownReasons: readonly AuthCallbackErrorReason[] = [
  'state_invalid',
  'state_expired',
  'exchange_failed',
  'email_unverified',
  'provider_error',
];

export type ReturnOutcome =
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; message: 'missingParams' | 'connection' | 'reason'; reason?: AuthCallbackErrorReason | 'unknown' };

/**
 * What the return page does with its address (spec section 4, sign-in return page): the provider's
 * code and state go on to the server callback (with the provider); an error reason from the callback, or missing
 * parameters, end in the error state.
 */
export function decideReturn(search: string, provider: Provider): ReturnOutcome {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error !== null) {
    const reason = (knownReasons as readonly string[]).includes(error) ? (error as AuthCallbackErrorReason) : 'unknown';
    return { kind: 'error', message: 'reason', reason };
  }
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { kind: 'error', message: 'missingParams' };
  // The provider tells the server where a failure lands when the state itself is unknown.
  const callback = new URLSearchParams({ code, state, provider });
  return { kind: 'redirect', to: `/api/auth/callback?${callback.toString()}` };
}

/** /auth/google and /auth/github: hand the provider's answer to the server, or explain what failed. */
export default function AuthReturnPage() {
  const { provider } = useParams();
  const { t } = useTranslation('auth');
  const known = provider === 'google' || provider === 'github';
  const [outcome] = useState<ReturnOutcome | null>(() =>
    known ? decideReturn(window.location.search, provider as Provider) : null,
  );
  const [failure, setFailure] = useState<ReturnOutcome | null>(null);

  useEffect(() => {
    if (outcome?.kind !== 'redirect') return;
    try {
      window.location.replace(outcome.to);
    } catch {
      setFailure({ kind: 'error', message: 'connection' });
    }
  }, [outcome]);

  if (!known || !outcome) return <Navigate to="/" replace />;
  const providerName = providerNames[provider as Provider];
  const shown = failure ?? outcome;

  if (shown.kind === 'redirect') {
    return (
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <div role="status" aria-live="polite" className="flex max-w-md flex-col items-center gap-4 text-center">
          <span
            aria-hidden="true"
            className="size-12 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none dark:border-indigo-900 dark:border-t-indigo-400"
          />
          <h1 className="font-semibold text-xl">{t('callback.processing', { provider: providerName })}</h1>
          <p className="text-slate-600 dark:text-slate-400">{t('callback.wait')}</p>
        </div>
      </main>
    );
  }

  const detail =
    shown.message === 'reason'
      ? t(`callback.reasons.${shown.reason ?? 'unknown'}`)
      : t(shown.message === 'missingParams' ? 'callback.missingParams' : 'callback.connection');

  return (
    <main className="flex flex-1 items-center justify-center px-4 py-16">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center shadow-xl dark:border-red-900 dark:bg-slate-900"
      >
        <CircleX aria-hidden="true" className="mx-auto size-12 text-red-500" />
        <h1 className="mt-4 font-bold text-2xl">{t('callback.errorTitle')}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{detail}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link
            to="/login"
            className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-indigo-500"
          >
            {t('callback.retry')}
          </Link>
          <Link
            to="/"
            className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {t('callback.home')}
          </Link>
        </div>
      </div>
    </main>
  );
}
