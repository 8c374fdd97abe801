import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';

export function isUnauthorized(error: unknown) {
  return error instanceof ApiError && error.status === 401;
}

/** A 401 on the projects calls clears the session and sends the person to /login (spec section 8). */
export function useAuthRedirect() {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (!isUnauthorized(error)) return false;
    clearSession();
    navigate(paths.login, { replace: true });
    return true;
  };
}

export function useRedirectOnUnauthorized(error: unknown) {
  const redirect = useAuthRedirect();
  // biome-ignore lint/correctness/useExhaustiveDependencies: react only to a new error
  useEffect(() => {
    if (error) redirect(error);
  }, [error]);
}
