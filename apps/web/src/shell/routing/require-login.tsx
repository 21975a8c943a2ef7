import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionUser } from '../session/session-store';

/** `modal=login&redirect=<path>`: opens the login modal, which returns to `path` afterwards. */
export function loginQuery(path: string): string {
  return new URLSearchParams({ modal: 'login', redirect: path }).toString();
}

/** `/?modal=login&redirect=<path>`: where an anonymous visitor of a protected route goes. */
export function loginRedirectTarget(path: string): string {
  return `/?${loginQuery(path)}`;
}

/** Wraps routes marked `requiresLogin` (SPEC §2, §6). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  if (user) return children;
  return <Navigate to={loginRedirectTarget(location.pathname + location.search)} replace />;
}
