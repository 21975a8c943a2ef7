import { describe, expect, it } from 'vitest';
import type { AppRoute } from './app-module';
import { RouteRegistrationError, registerRoutes } from './route-registration';

const View = () => null;
const route = (name: string, path = '/x', children?: AppRoute[]): AppRoute => ({ name, path, Component: View, children });

describe('route registration', () => {
  it('accepts decapitalised names, whatever the case of the path', () => {
    const routes = [route('gamesUnavailable', '/GamesUnavailable'), route('flashMatch', '/FlashMatch', [route('searchIntro', 'SearchIntro')])];
    expect(registerRoutes('delphi', routes)).toBe(routes);
  });

  it.each(['api', 'layout', 'home'])('rejects the reserved name %s, naming the app and the route', (name) => {
    expect(() => registerRoutes('delphi', [route(name)])).toThrow(RouteRegistrationError);
    expect(() => registerRoutes('delphi', [route(name)])).toThrow(`App "delphi" cannot register route "${name}"`);
  });

  it('explains that home is reserved for the home route', () => {
    expect(() => registerRoutes('app', [route('home')])).toThrow(/reserved for the app's home route/);
  });

  it('rejects a capitalised name', () => {
    expect(() => registerRoutes('delphi', [route('GamesUnavailable', '/GamesUnavailable')])).toThrow(
      'App "delphi" cannot register route "GamesUnavailable": a route name must start with a lower-case letter (decapitalised).',
    );
  });

  it('rejects a bad name in a child route', () => {
    expect(() => registerRoutes('delphi', [route('flashMatch', '/FlashMatch', [route('Search', 'Search')])])).toThrow(/"Search"/);
  });

  it('rejects an empty, numeric-start or duplicate name', () => {
    expect(() => registerRoutes('app', [route('')])).toThrow(/has no name/);
    expect(() => registerRoutes('app', [route('1st')])).toThrow(/lower-case/);
    expect(() => registerRoutes('app', [route('cloud', '/a'), route('cloud', '/b')])).toThrow(/already has this name/);
  });

  it('rejects paths the shell owns', () => {
    expect(() => registerRoutes('app', [route('privacyCopy', '/privacy')])).toThrow(/belongs to the shell/);
  });
});
