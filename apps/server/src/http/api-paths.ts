/** Which URLs belong to the API rather than to the web client. */

/**
 * `/api/…` is the API; `/api` and `/api/` themselves are the API landing page of the web
 * client (SPEC §2, app `api`), so the browser gets the page there, not a JSON 404.
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/') && path !== '/api/';
}

/** Vite's hashed build output: immutable, and never answered with the SPA page. */
export function isAssetPath(url: string): boolean {
  return url.startsWith('/assets/');
}
