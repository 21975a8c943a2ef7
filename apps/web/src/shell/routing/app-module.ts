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
  /**
   * `false`: the app's navigations render at once, in the task of the tap that made them, not
   * in a React transition (time-sliced, yielding every 5 ms, after the tap's task). The delphi
   * suite's participant taps Play and Start and must see the game at once (issue 23, ADR 075);
   * a page whose chunk is not loaded yet then shows its loader instead of keeping the old page.
   */
  navigationTransitions?: false;
  /** The app's i18n namespace (named after the app), in every language. */
  resources: AppResources;
}
