/** Where the `app` host lives: the token routes of mail links and /cloud are served there only. */
import { isAppId } from '@chi/contract';

/** `http://delphi.chi.localhost:8080` → `http://app.chi.localhost:8080`; a bare base domain gets `app.` in front. */
export function appHostOrigin(location: Pick<Location, 'protocol' | 'hostname' | 'port'> = window.location): string {
  const labels = location.hostname.split('.');
  const first = labels[0] ?? '';
  const rest = isAppId(first) && labels.length > 1 ? labels.slice(1) : labels;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${['app', ...rest].join('.')}${port}`;
}

/** A `redirect` query value is followed only when it is a path on this site, never another origin. */
export function safeRedirectPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
