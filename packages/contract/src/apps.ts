/** The sub-apps of the shell (SPEC §1–§2) and how a host name picks one. */
export const APP_IDS = ['app', 'api', 'assistants', 'ccf', 'creavisions', 'delphi', 'showcase'] as const;
export type AppId = (typeof APP_IDS)[number];

/** A host whose first label names no app shows the showcase, which links to every app. */
export const FALLBACK_APP: AppId = 'showcase';

export function isAppId(value: string): value is AppId {
  return (APP_IDS as readonly string[]).includes(value);
}

/** `delphi.chi.localhost:8080` → `delphi`; `localhost` → `showcase`. */
export function appIdFromHost(host: string): AppId {
  const hostname = host.trim().toLowerCase().replace(/:\d+$/, '');
  const first = hostname.split('.')[0] ?? '';
  return isAppId(first) ? first : FALLBACK_APP;
}

/** The URL of an app's home under a public domain, e.g. `http://delphi.chi.localhost:8080`. */
export function appOrigin(app: AppId, publicDomain: string, port: number, protocol = 'http'): string {
  const defaultPort = (protocol === 'http' && port === 80) || (protocol === 'https' && port === 443);
  return `${protocol}://${app}.${publicDomain}${defaultPort ? '' : `:${port}`}`;
}

/** Name of the lazily loaded chunk that holds an app's home view and layout. */
export function chunkName(app: AppId): string {
  return `chi-${app}`;
}
