/**
 * The part of an app's route tree that can match a path's first segment (ADR 077). react-router's
 * `useRoutes` flattens and ranks the whole tree it is given on every render, so every navigation
 * paid for every route of the app (delphi Play: about 5 ms of the tap's main thread unthrottled, about
 * 40 ms on the bench's phone). The tree handed to it is this one instead: what cannot match the
 * first segment is left out, and everything else is kept exactly as it was, in its order.
 *
 * Left out: a route whose own path starts with a plain segment other than the path's first one
 * (compared as react-router does: decoded, case-insensitively), and a layout without a path whose
 * children were all left out (such a route never matches by itself). Kept whole: index routes,
 * paths starting with `/` alone, a parameter, a splat or an optional segment, and everything under
 * a route that is kept for its own path. A path that cannot be decoded keeps the whole tree.
 */
import type { RouteObject } from 'react-router';

/** The path's first segment as react-router compares it, or null when it cannot be read (keep everything). */
export function firstSegment(pathname: string): string | null {
  const segment = pathname.split('/').find((part) => part !== '') ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/** Whether a route's own path could match a location whose first segment is `segment`. */
function pathMayMatch(path: string, segment: string): boolean {
  const own = path.split('/').find((part) => part !== '');
  if (own === undefined) return true;
  if (own.startsWith(':') || own.includes('*') || own.endsWith('?')) return true;
  return own.toLowerCase() === segment;
}

function prune(routes: readonly RouteObject[], segment: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    if (route.index) {
      kept.push(route);
    } else if (route.path !== undefined) {
      if (pathMayMatch(route.path, segment)) kept.push(route);
    } else if (route.children) {
      const children = prune(route.children, segment);
      if (children.length === route.children.length) kept.push(route);
      else if (children.length > 0) kept.push({ ...route, children });
    }
  }
  return kept;
}

/** `routes` less what cannot match a path whose first segment is `segment` (null: the whole tree, the same objects). */
export function routeCandidates(routes: RouteObject[], segment: string | null): RouteObject[] {
  return segment === null ? routes : prune(routes, segment);
}
