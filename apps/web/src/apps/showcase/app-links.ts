/** Where each app lives: `<app>.<publicDomain>:<port>` (DESIGN §5). */
import { APP_IDS, appOrigin, isAppId, type AppId } from '@chi/contract';

/** Until (or unless) the server's config arrives, guess the domain from the host we are on. */
export function domainFromHostname(hostname: string): string {
  const labels = hostname.split('.');
  const first = labels[0] ?? '';
  return labels.length > 1 && isAppId(first) ? labels.slice(1).join('.') : hostname;
}

export function appLinks(location: Pick<Location, 'hostname' | 'port' | 'protocol'>, publicDomain: string | undefined): Record<AppId, string> {
  const protocol = location.protocol.replace(/:$/, '');
  const port = location.port ? Number(location.port) : protocol === 'https' ? 443 : 80;
  const domain = publicDomain ?? domainFromHostname(location.hostname);
  return Object.fromEntries(APP_IDS.map((app) => [app, appOrigin(app, domain, port, protocol)])) as Record<AppId, string>;
}
