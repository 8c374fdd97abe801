import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getSession } from '../lib/session';

/** Guard for protected routes (a fuller version checks /api/auth/verify). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getSession()) return <Navigate to="/" replace state={{ from: location }} />;
  return <>{children}</>;
}
