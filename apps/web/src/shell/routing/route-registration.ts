/**
 * Checks an app's route table when the shell registers it (SPEC §2): every route needs a
 * decapitalised, unique name that is not `api`, `layout` or `home` (`home` is the app's own
 * home route). The check is on the name, not the path: delphi paths such as
 * `/GamesUnavailable` are capitalised while their names (`gamesUnavailable`) are not.
 */
import type { AppId } from '@chi/contract';
import type { AppRoute } from './app-module';

export const RESERVED_ROUTE_NAMES = ['api', 'layout', 'home'] as const;

/** Paths the shell serves on every host; an app may not take them. */
export const SHELL_PATHS = ['/privacy', '/terms', '/cookies'] as const;

export class RouteRegistrationError extends Error {
  constructor(app: AppId, route: string, reason: string) {
    super(`App "${app}" cannot register route "${route}": ${reason}`);
    this.name = 'RouteRegistrationError';
  }
}

export function checkRouteName(app: AppId, name: string): void {
  if (name === '') throw new RouteRegistrationError(app, name, 'the route has no name.');
  if ((RESERVED_ROUTE_NAMES as readonly string[]).includes(name)) {
    const why = name === 'home' ? 'the name "home" is reserved for the app\'s home route.' : `the name "${name}" is reserved.`;
    throw new RouteRegistrationError(app, name, why);
  }
  const first = name.charAt(0);
  if (first !== first.toLowerCase() || !/^[a-z]/.test(name)) {
    throw new RouteRegistrationError(app, name, 'a route name must start with a lower-case letter (decapitalised).');
  }
}

/** Validates the whole table, children included; throws on the first bad route. */
export function registerRoutes(app: AppId, routes: readonly AppRoute[]): readonly AppRoute[] {
  const seen = new Set<string>();
  const visit = (list: readonly AppRoute[], nested: boolean) => {
    for (const route of list) {
      checkRouteName(app, route.name);
      if (seen.has(route.name)) throw new RouteRegistrationError(app, route.name, 'another route already has this name.');
      seen.add(route.name);
      if (!nested && !route.path.startsWith('/')) {
        throw new RouteRegistrationError(app, route.name, `top-level path "${route.path}" must start with "/".`);
      }
      if (!nested && (route.path === '/' || (SHELL_PATHS as readonly string[]).includes(route.path))) {
        throw new RouteRegistrationError(app, route.name, `the path "${route.path}" belongs to the shell.`);
      }
      if (route.children) visit(route.children, true);
    }
  };
  visit(routes, false);
  return routes;
}
