/**
 * The mark a build-time prerendered page carries on `#root` (apps/web/build/prerender.ts, ADR
 * 023): `data-prerendered="<app> <path>"`. The client replaces such a page by its first
 * render only when it renders that same app at that same path.
 */
import type { AppId } from '@chi/contract';

export const PRERENDER_ATTRIBUTE = 'data-prerendered';

export function prerenderMark(appId: AppId, path: string): string {
  return `${appId} ${path}`;
}

export function prerenderMatches(root: HTMLElement, appId: AppId, pathname: string): boolean {
  return root.getAttribute(PRERENDER_ATTRIBUTE) === prerenderMark(appId, pathname);
}

/**
 * Whether this page is a visitor's: the prerender itself (no document), or a page the server
 * sent prerendered, which it does only to a request without a session cookie (static-client.ts).
 */
export function isVisitorPage(): boolean {
  if (typeof document === 'undefined') return true;
  return document.getElementById('root')?.hasAttribute(PRERENDER_ATTRIBUTE) ?? false;
}

/** The prerendered page's chunks, space-separated, fetched by main.tsx once the page is painted. */
export const PRELOAD_ATTRIBUTE = 'data-preload';

/**
 * The wrapper of each width variant of a prerendered page (build/prerender.ts): the live page
 * renders one variant's markup straight into `#root`, without it.
 */
export const WIDTH_VARIANT_ATTRIBUTE = 'data-chi-width';

/**
 * Marks where a prerendered page shows only part of a list the live page completes (the api
 * landing's first cards, ADR 050): main.tsx starts the live page when it nears the screen.
 */
export const MORE_ATTRIBUTE = 'data-chi-more';

/**
 * A control the prerendered page answers itself, before the live page is there
 * (`data-chi-static-answer="login"`: the header's Log in opens the static login dialog, ADR 075),
 * and that dialog (`<dialog data-chi-static-dialog="login">`, outside `#root`).
 */
export const STATIC_ANSWER_ATTRIBUTE = 'data-chi-static-answer';
export const STATIC_DIALOG_ATTRIBUTE = 'data-chi-static-dialog';

/**
 * The login form, live or static (`login-form.tsx`): the hand-over looks for the live one by it,
 * never for any dialog's form (a Register opened meanwhile is not the login, ADR 075).
 */
export const LOGIN_FORM_ATTRIBUTE = 'data-chi-login-form';
