import { PRODUCT_NAME } from '@div/shared/constants';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GitHubMark, GoogleMark } from '../../components/brand-icons';
import { LoadingMessage } from '../../components/loading-message';
import { currentUser, fetchLoginUrls, type RedeemedLogin, redeemCode, revokeToken } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { Trans, useTranslation } from '../../lib/i18n';
import { getSession, setSession, takeReturnTo } from '../../lib/session';
import './auth-locale';

/** A code is single-use: remember each redemption so a repeated effect does not spend it twice. */
const redemptions = new Map<string, Promise<RedeemedLogin>>();

function redeemOnce(code: string) {
  let pending = redemptions.get(code);
  if (!pending) {
    pending = redeemCode(code);
    redemptions.set(code, pending);
  }
  return pending;
}

type Provider = 'google' | 'github';

type Person = { id: string; name: string; email: string };

/** Who the person is signed in as, and who the code would sign them in as (ADR 0153). */
interface Switch {
  current: Person;
  next: RedeemedLogin;
  previousToken: string;
}

/**
 * A live session is never replaced without the person choosing to: when the code belongs to someone
 * else than the signed-in user, the page asks first.
 */
async function settle(login: RedeemedLogin): Promise<Switch | null> {
  const previous = getSession();
  const current = previous ? await currentUser() : null;
  if (!previous || !current || current.id === login.user.id) {
    setSession(login.session);
    return null;
  }
  return { current, next: login, previousToken: previous.token };
}

const who = (person: Person) => (person.email ? `${person.name} (${person.email})` : person.name);

/** /login (spec sections 2 and 4): the two provider buttons and the login with validate_code. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  const navigate = useNavigate();
  // Read once: the parameter leaves the address right away.
  const [code] = useState(() => new URLSearchParams(window.location.search).get('validate_code'));
  const [codeFailed, setCodeFailed] = useState(false);
  const [urlsFailed, setUrlsFailed] = useState(false);
  const [starting, setStarting] = useState<Provider | null>(null);
  const [switching, setSwitching] = useState<Switch | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (code) {
      const url = new URL(window.location.href);
      url.searchParams.delete('validate_code');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
      redeemOnce(code)
        .then(settle)
        .then(
          (pending) => (pending ? setSwitching(pending) : navigate(takeReturnTo() ?? '/spaces', { replace: true })),
          () => setCodeFailed(true),
        );
      return;
    }
    if (getSession()) navigate('/spaces', { replace: true });
  }, [code, navigate]);

  const start = async (provider: Provider) => {
    setUrlsFailed(false);
    setStarting(provider);
    try {
      const urls = await fetchLoginUrls();
      window.location.assign(provider === 'google' ? urls.redirectGoogle : urls.redirectGithub);
    } catch {
      setUrlsFailed(true);
      setStarting(null);
    }
  };

  const choose = async (change: boolean) => {
    if (!switching) return;
    if (change) {
      setSession(switching.next.session);
      await revokeToken(switching.previousToken);
      navigate(takeReturnTo() ?? '/spaces', { replace: true });
    } else {
      await revokeToken(switching.next.session.token);
      navigate('/spaces', { replace: true });
    }
  };

  if (switching) {
    return (
      <main className="flex flex-1 items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-16 dark:from-slate-900 dark:to-slate-950">
        <section
          aria-labelledby="switch-title"
          className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl dark:border-slate-800 dark:bg-slate-900"
        >
          <h1 id="switch-title" className="font-bold text-2xl tracking-tight">
            {t('login.switchTitle')}
          </h1>
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            {t('login.switchQuestion', { current: who(switching.current), next: who(switching.next.user) })}
          </p>
          <div className="mt-6 flex flex-col gap-3">
            <button
              type="button"
              onClick={() => choose(false)}
              className="rounded-lg bg-indigo-600 px-4 py-3 font-semibold text-white shadow-sm hover:bg-indigo-700"
            >
              {t('login.switchStay', { name: switching.current.name })}
            </button>
            <button
              type="button"
              onClick={() => choose(true)}
              className="rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
            >
              {t('login.switchChange', { name: switching.next.user.name })}
            </button>
          </div>
        </section>
      </main>
    );
  }

  if (code && !codeFailed) return <LoadingMessage message={t('login.validating')} />;

  return (
    <main className="flex flex-1 items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-16 dark:from-slate-900 dark:to-slate-950">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-center font-bold text-3xl tracking-tight">
          {t('login.title')}{' '}
          <span className="bg-gradient-to-r from-indigo-600 to-fuchsia-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-fuchsia-400">
            {PRODUCT_NAME}
          </span>
        </h1>
        <p className="mt-3 text-center text-slate-600 dark:text-slate-400">{t('login.subtitle')}</p>

        {codeFailed && (
          <div
            role="alert"
            className="mt-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 text-sm dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              {t('login.codeError')}
              {' — '}
              <Link to="/login" reloadDocument className="font-semibold underline">
                {t('login.retry')}
              </Link>
            </p>
          </div>
        )}
        {urlsFailed && (
          <div
            role="alert"
            className="mt-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 text-sm dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>{t('login.urlsError')}</p>
          </div>
        )}

        <div className="mt-8 flex flex-col gap-3">
          <button
            type="button"
            onClick={() => start('google')}
            disabled={starting !== null}
            aria-busy={starting === 'google'}
            className="flex items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            <GoogleMark className="size-5" />
            {starting === 'google' ? t('login.redirecting') : t('login.google')}
          </button>
          <button
            type="button"
            onClick={() => start('github')}
            disabled={starting !== null}
            aria-busy={starting === 'github'}
            className="flex items-center justify-center gap-3 rounded-lg bg-slate-900 px-4 py-3 font-semibold text-white shadow-sm transition hover:bg-slate-800 disabled:opacity-60 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
          >
            <GitHubMark className="size-5" />
            {starting === 'github' ? t('login.redirecting') : t('login.github')}
          </button>
        </div>

        <p className="mt-6 text-center text-slate-500 text-xs leading-relaxed dark:text-slate-400">
          <Trans
            t={t}
            i18nKey="login.legal"
            components={{
              terms: <Link to="/terms" className="underline hover:text-slate-800 dark:hover:text-white" />,
              privacy: <Link to="/privacy" className="underline hover:text-slate-800 dark:hover:text-white" />,
            }}
          />
        </p>

        <div className="mt-8 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 font-medium text-indigo-600 text-sm hover:underline dark:text-indigo-400"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('login.back')}
          </Link>
        </div>
      </div>
    </main>
  );
}
