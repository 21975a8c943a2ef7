import { useEffect, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionCheck, useSessionUser } from '../session/session-store';
import { ensureSession } from '../session/resume-session';

/** `modal=login&redirect=<path>`: opens the login modal, which returns to `path` afterwards. */
export function loginQuery(path: string): string {
  return new URLSearchParams({ modal: 'login', redirect: path }).toString();
}

/** `/?modal=login&redirect=<path>`: where an anonymous visitor of a protected route goes. */
export function loginRedirectTarget(path: string): string {
  return `/?${loginQuery(path)}`;
}

/**
 * Wraps routes marked `requiresLogin` (SPEC §2, §6). Before sending someone to log in, the
 * page asks the server once whether the cookie holds a session, so a reload of /cloud keeps
 * a logged-in user where they were.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const check = useSessionCheck();
  const location = useLocation();
  useEffect(() => {
    if (!user && check === 'unknown') void ensureSession();
  }, [user, check]);
  if (user) return children;
  if (check !== 'known') {
    return (
      <Center py="xl">
        <Loader aria-label={t('chunk.loading')} />
      </Center>
    );
  }
  return <Navigate to={loginRedirectTarget(location.pathname + location.search)} replace />;
}
