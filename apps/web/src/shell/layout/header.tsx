import { Suspense, useEffect } from 'react';
import { Anchor, Box, Burger, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_MENU_BREAKPOINT_PX } from '@chi/contract';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './header.module.css';
import type { AppModule, HeaderChrome } from '../routing/app-module';
import { LanguageSwitch } from '../i18n/language-switch';
import { useModal } from '../modals/use-modal';
import { useSessionCheck, useSessionUser } from '../session/session-store';
import { ensureSession } from '../session/resume-session';
import { STATIC_ANSWER_ATTRIBUTE, isVisitorPage } from '../prerender-marker';
import { lazyWithRetry } from '../../ui/lazy-with-retry';
import { warmLogin } from '../modals/lazy-modal-host';
import { whenIdle } from '../boot-schedule';

// The menu (Mantine Menu, popover, admin entries) loads only for a logged-in user.
const UserMenu = lazyWithRetry(() => import('../account/user-menu').then((m) => ({ default: m.UserMenu })));

export function LoginButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const user = useSessionUser();
  const check = useSessionCheck();
  // The header needs the user, so it asks like /cloud does (ensureSession): on the app host,
  // which does not resume on start (SPEC §4), this is the one question a fresh page asks.
  useEffect(() => {
    if (!user && check === 'unknown') void ensureSession();
  }, [user, check]);
  // A visitor's first tap here must not wait for the form's chunk (ADR 061).
  useEffect(() => {
    if (!user) whenIdle(warmLogin, 3000);
  }, [user]);
  if (user) {
    return (
      <Suspense fallback={<Text size="sm">{user.name}</Text>}>
        <UserMenu user={user} compact={compact} />
      </Suspense>
    );
  }
  // Until the server has said who this is, Log in would flash before a logged-in user's name
  // (issue 25 item 15): its place is kept, unseen. A prerendered page is a visitor's (ADR 040).
  if (check !== 'known' && !isVisitorPage()) {
    return (
      <Button size={compact ? 'sm' : 'md'} aria-hidden tabIndex={-1} style={{ visibility: 'hidden' }}>
        {t('header.logIn')}
      </Button>
    );
  }
  return (
    // The prerendered page answers this tap itself, with its static login dialog (ADR 075).
    <Button size={compact ? 'sm' : 'md'} onClick={() => openModal('login')} {...{ [STATIC_ANSWER_ATTRIBUTE]: 'login' }}>
      {t('header.logIn')}
    </Button>
  );
}

function AppNavLinks({ app, onNavigate }: { app: AppModule; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  return app.nav.filter((link) => !link.requiresLogin || (user && !user.isGuest)).map((link) => (
    <Anchor key={link.to} component={NavLink} to={link.to} end onClick={onNavigate} fw={500} className={classes.link}>
      {link.label(t)}
    </Anchor>
  ));
}

export interface HeaderProps {
  app: AppModule;
  menuOpened: boolean;
  toggleMenu: () => void;
  closeMenu: () => void;
}

const MOBILE_MENU_ID = 'chi-mobile-menu';
const FULL_CHROME: HeaderChrome = { links: true, account: true };
const useFullChrome = (): HeaderChrome => FULL_CHROME;
const DESKTOP_QUERY = `(min-width: ${MOBILE_MENU_BREAKPOINT_PX / 16}em)`;

/**
 * Product name, the app's links, the language switch and Log in. Below 1000 px (theme `md`)
 * the links and the switch move into a menu behind the burger. A plain sticky header rather
 * than Mantine's AppShell: AppShell and its scroll lock cost ~12 KB gzipped on every first load.
 */
export function Header({ app, menuOpened, toggleMenu, closeMenu }: HeaderProps) {
  const { t } = useTranslation();
  // Render either the desktop or the mobile controls, never both: one Language switch and one
  // set of links in the page, so people and tests never meet a hidden twin.
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const useChrome = app.useHeaderChrome ?? useFullChrome;
  const chrome = useChrome();
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="white"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group h={64} px="md" justify="space-between" wrap="nowrap">
        <Group gap={desktop ? 'md' : 'xs'} wrap="nowrap" miw={0}>
          {!desktop && (
            <Burger
              opened={menuOpened}
              onClick={toggleMenu}
              size="sm"
              aria-label={menuOpened ? t('header.closeMenu') : t('header.openMenu')}
              aria-expanded={menuOpened}
              aria-controls={MOBILE_MENU_ID}
            />
          )}
          {/* On two lines when one does not fit (at 320 px it was cut to "CHI res…"). */}
          <Anchor component={Link} to="/" fw={700} fz={{ base: 'md', sm: 'lg' }} lh={1.2} c="dark" underline="never" lineClamp={2}>
            {t('product.name')}
          </Anchor>
          {desktop && chrome.links && (
            <Group component="nav" aria-label={t('header.mainNavigation')} gap="lg" wrap="nowrap">
              <AppNavLinks app={app} />
            </Group>
          )}
        </Group>
        <Group gap="md" wrap="nowrap">
          {desktop && <LanguageSwitch languages={chrome.languages} />}
          {chrome.account && <LoginButton compact={!desktop} />}
        </Group>
      </Group>
      {!desktop && (
        <Collapse expanded={menuOpened} id={MOBILE_MENU_ID}>
          <Stack
            component="nav"
            aria-label={t('header.mainNavigation')}
            gap="md"
            px="md"
            pb="md"
            pt="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            {menuOpened && chrome.links && <AppNavLinks app={app} onNavigate={closeMenu} />}
            {menuOpened && <LanguageSwitch inline={false} languages={chrome.languages} />}
          </Stack>
        </Collapse>
      )}
    </Box>
  );
}
