/** What a sub-app's chunk (`src/apps/<app>/routes.tsx`) gives the shell. */
import type { ComponentType } from 'react';
import type { AppId, Language } from '@chi/contract';
import type { TFunction } from 'i18next';
import type { AppResources } from '../i18n/i18n';

export interface AppRoute {
  /** Decapitalised, unique, not `api`, `layout` or `home` (SPEC §2); checked at registration. */
  name: string;
  /** Absolute for top-level routes (`/cloud`, `/FlashMatch`), relative for children; `''` is the index child. */
  path: string;
  Component: ComponentType;
  /** An anonymous visitor is sent to `/?modal=login&redirect=<path>`. */
  requiresLogin?: boolean;
  children?: readonly AppRoute[];
}

export interface AppNavLink {
  /** Translated label, e.g. `(t) => t('nav.data', { ns: 'delphi' })`. */
  label: (t: TFunction) => string;
  to: string;
  /** Shown to a logged-in user only. */
  requiresLogin?: boolean;
}

/** What the header shows besides the product name and the language switch. */
export interface HeaderChrome {
  /** The app's links (`nav`). */
  links: boolean;
  /** Log in, or the user menu. */
  account: boolean;
  /** The languages the switch offers (a study's own, issue 26); every language when not given, no switch for one. */
  languages?: readonly Language[];
}

export interface AppModule {
  id: AppId;
  /** The app's home view at `/`; the name `home` is reserved for it. */
  Home: ComponentType;
  /** Wraps the home view and every app route; renders an `<Outlet />`. */
  Layout: ComponentType;
  routes: readonly AppRoute[];
  nav: readonly AppNavLink[];
  /**
   * A hook deciding the header's chrome for the current visitor (default: everything). The
   * delphi suite hides its links and Log in from a participant, who has nothing to do there.
   */
  useHeaderChrome?: () => HeaderChrome;
  /** The app's i18n namespace (named after the app), in every language. */
  resources: AppResources;
}
