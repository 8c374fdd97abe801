import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingMessage } from '../components/loading-message';
import { useTranslation } from '../lib/i18n';
import '../components/shell-locale';
import './guard-locale';
import { checkSession, isFreshlyVerified } from '../lib/auth';
import { getSession, rememberReturnTo } from '../lib/session';

export type GuardMessage = 'generic' | 'settings' | 'usage' | 'space';

/** Which loading message the guard shows while it checks (spec section 2, route table). */
export function guardMessageFor(pathname: string): GuardMessage {
  if (pathname.startsWith('/settings')) return 'settings';
  if (pathname.startsWith('/usage')) return 'usage';
  if (pathname.startsWith('/space/')) return 'space';
  return 'generic';
}

/**
 * Guard for protected routes: a stored session counts only while unexpired, and the server confirms
 * it (GET /api/auth/verify, which renews it for 24 hours). Otherwise the session is cleared and the
 * visitor goes to / with the origin location kept, so the next sign-in returns there.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const origin = `${location.pathname}${location.search}${location.hash}`;
  const [hasSession] = useState(() => getSession() !== null);
  const [status, setStatus] = useState<'checking' | 'authenticated'>(() => (isFreshlyVerified() ? 'authenticated' : 'checking'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per protected page visit
  useEffect(() => {
    const sendAway = () => {
      rememberReturnTo(origin);
      navigate('/', { replace: true, state: { from: origin } });
    };
    if (!hasSession) {
      sendAway();
      return;
    }
    let cancelled = false;
    void checkSession().then((result) => {
      if (cancelled) return;
      if (result === 'authenticated') {
        setStatus('authenticated');
        return;
      }
      sendAway();
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!hasSession) return null;
  if (status === 'checking') return <LoadingMessage message={t(`guard.${guardMessageFor(location.pathname)}`)} />;
  return <>{children}</>;
}
