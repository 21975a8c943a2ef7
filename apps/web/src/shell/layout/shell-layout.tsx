import { Suspense, useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AppModule } from '../routing/app-module';
import { api } from '../api/api';
import { loginQuery } from '../routing/require-login';
import { isModalName } from '../modals/modal-names';
import { ActionErrors } from '../action-errors/action-errors';
import { Header } from './header';
import { useSessionResume } from '../session/use-session-resume';
import { Footer } from './footer';
import { ModalHost } from '../modals/lazy-modal-host';
import { ChunkErrorBoundary } from '../routing/chunk-error-boundary';

// Mantine's Modal (with its scroll area, focus trap and scroll lock) loads only when a modal opens.

/** The frame of every page of every app: header, mobile menu, content, footer, modals, action errors. */
export function ShellLayout({ app }: { app: AppModule }) {
  const [menuOpened, { toggle, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = useRef(location);
  current.current = location;
  useSessionResume(app.id);

  // SPEC §8: a 401 from the server means the session is gone; ask the user to log in again here.
  useEffect(() => {
    api.setUnauthorizedHandler(() => {
      const { pathname, search } = current.current;
      if (new URLSearchParams(search).get('modal') === 'login') return;
      void navigate(`${pathname}?${loginQuery(pathname + search)}`);
    });
    return () => api.setUnauthorizedHandler(undefined);
  }, [navigate]);

  useEffect(close, [location.pathname, close]);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Header app={app} menuOpened={menuOpened} toggleMenu={toggle} closeMenu={close} />
      <Box component="main" style={{ flex: 1 }}>
        {/* A page that fails (its chunk did not load) fails inside the shell, which stays. */}
        <ChunkErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ChunkErrorBoundary>
      </Box>
      <Footer />
      {isModalName(params.get('modal')) && (
        <ChunkErrorBoundary resetKey={params.get('modal') ?? ''}>
          <Suspense fallback={null}>
            <ModalHost />
          </Suspense>
        </ChunkErrorBoundary>
      )}
      <ActionErrors />
    </Box>
  );
}
