import { APP_IDS } from '@chi/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { APP_LOADERS } from './app-loaders';
import { buildRoutes } from './build-routes';
import { firstSegment, routeCandidates } from './route-candidates';

/** Every full path of a tree, parameters filled in, optional segments both ways. */
function pathsOf(routes: readonly RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of routes) {
    const own = route.path ?? '';
    const full = own.startsWith('/') ? own : `${parent}/${own}`.replace(/\/+/g, '/');
    const filled = full.replace(/:[A-Za-z]+\??/g, 'x1').replace(/\*$/, 'any/thing');
    out.push(filled, full.replace(/\/[^/]*\?/g, '').replace(/:[A-Za-z]+/g, 'x1'));
    if (route.children) out.push(...pathsOf(route.children, full));
  }
  return out;
}

/** What a match is, compared across the two trees: the elements rendered and what they are given. */
const matched = (routes: RouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.map((m) => ({ element: m.route.element, pathname: m.pathname, base: m.pathnameBase, params: m.params })) ?? null;

describe('route candidates (ADR 077)', () => {
  it.each(APP_IDS)('%s: every path matches the same routes in the candidates as in the whole tree', async (id) => {
    // react-router warns about the malformed path below each time it reads it; the test means it.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const routes = buildRoutes(await APP_LOADERS[id]());
    const known = [...new Set(pathsOf(routes))];
    const variants = known.flatMap((p) => [p, p.toUpperCase(), p.toLowerCase(), `${p}/`, `/${p}`, `${p}//`, `${p}/unknown`, encodeURI(p)]);
    const odd = ['/', '', '/unknown', '/Unknown/Deeper', '//', '/%E0%A4%A', '/%41bout', '/a%2Fb', '/%20', '/æøå', '/privacy/x', '/PRIVACY'];
    let compared = 0;
    let matchedSome = 0;
    for (const pathname of [...variants, ...odd]) {
      const candidates = routeCandidates(routes, firstSegment(pathname));
      const whole = matched(routes, pathname);
      expect(matched(candidates, pathname), pathname).toEqual(whole);
      if (whole) {
        // toEqual compares elements structurally: the very same element objects must be rendered.
        matched(candidates, pathname)?.forEach((m, i) => expect(m.element).toBe(whole[i]?.element));
        matchedSome += 1;
      }
      compared += 1;
    }
    expect(compared).toBeGreaterThan(20);
    expect(matchedSome).toBeGreaterThan(known.length / 2);
  });

  it('leaves out the routes another first segment names, and keeps layouts, index, parameter and splat routes', () => {
    const el = (name: string) => ({ type: name }) as unknown as RouteObject['element'];
    const routes: RouteObject[] = [
      {
        element: el('shell'),
        children: [
          { path: '/privacy', element: el('privacy') },
          {
            element: el('layout'),
            children: [
              { index: true, element: el('home') },
              { path: '/QuizTime', element: el('quiz'), children: [{ index: true, element: el('welcome') }, { path: 'Game', element: el('game') }] },
              { path: '/FlashMatch', element: el('flash') },
              { path: ':id', element: el('param') },
            ],
          },
          { path: '*', element: el('notFound') },
        ],
      },
    ];
    const names = (tree: readonly RouteObject[]): unknown[] =>
      tree.flatMap((r) => [(r.element as unknown as { type: string }).type, ...(r.children ? [names(r.children)] : [])]);
    expect(names(routeCandidates(routes, firstSegment('/quiztime/Game')))).toEqual(['shell', ['layout', ['home', 'quiz', ['welcome', 'game'], 'param'], 'notFound']]);
    expect(names(routeCandidates(routes, firstSegment('/')))).toEqual(['shell', ['layout', ['home', 'param'], 'notFound']]);
    expect(firstSegment('/%E0%A4%A')).toBeNull();
    expect(routeCandidates(routes, null)).toBe(routes);
  });
});
