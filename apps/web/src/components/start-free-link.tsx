import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { rememberReturnTo, useStoredSession } from '../lib/session';

/** Where "Comenzar gratis" leads: the projects when signed in, else sign-in that then lands on them. */
export function startFreeTarget(signedIn: boolean) {
  if (signedIn) return '/spaces';
  rememberReturnTo('/spaces');
  return '/login';
}

/**
 * "Comenzar gratis" (top bar, hero, closing call, free plan): signed out it goes to /login and,
 * after sign-in, to /spaces; the guard of /spaces would otherwise send a visitor back to /.
 */
export function StartFreeLink({ className, children }: { className: string; children: ReactNode }) {
  const session = useStoredSession();
  return (
    <Link
      to={session ? '/spaces' : '/login'}
      onClick={() => {
        if (!session) rememberReturnTo('/spaces');
      }}
      className={className}
    >
      {children}
    </Link>
  );
}
