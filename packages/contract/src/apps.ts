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

/**
 * Whether a host names a sub-app that does not exist (SPEC §8 MODULE_NOT_FOUND; issue 25 item
 * 16, ADR 049): a label in front of the public domain that is no app id, as in
 * `foo.chi.localhost`. The bare public domain, its `www.` and hosts outside it (`localhost`,
 * an IP address, another name for the machine) name no sub-app: they show the showcase (DESIGN §5).
 */
export function isUnknownAppHost(host: string, publicDomain: string): boolean {
  const hostname = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const domain = publicDomain.trim().toLowerCase();
  if (!domain || !hostname.endsWith(`.${domain}`)) return false;
  const prefix = hostname.slice(0, -(domain.length + 1));
  return prefix !== 'www' && !isAppId(prefix.split('.')[0] ?? '');
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
