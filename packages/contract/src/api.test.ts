import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction, defineRoute, resolvePath } from './api';
import { ALL_DESCRIPTORS } from './actions/index';
import { buildOpenApi } from './openapi';
import { appIdFromHost, appOrigin, chunkName, isUnknownAppHost } from './apps';

describe('action descriptors (DESIGN §4)', () => {
  const login = defineAction({
    name: 'LOGIN',
    summary: 'Log in',
    app: 'app',
    dataType: 'Account',
    endpoint: 'login',
    input: z.object({ _email: z.string() }),
    output: z.object({}),
    access: 'public',
  });
  const endGame = defineAction({
    name: 'END_GAME',
    summary: 'End a game',
    app: 'delphi',
    dataType: 'Game',
    endpoint: 'endGame',
    withId: true,
    input: z.object({}),
    output: z.object({}),
    access: 'public',
  });
  const appLevel = defineAction({
    name: 'GLOVE',
    summary: 'Distance',
    app: 'delphi',
    endpoint: 'gloveSemanticDistance',
    input: z.object({}),
    output: z.object({}),
    access: 'public',
  });

  it('builds the SPEC §7 path shapes, POST unless named', () => {
    expect(login.path).toBe('/actions/app/Account/action/login');
    expect(login.method).toBe('POST');
    expect(login.stateChanging).toBe(true);
    expect(endGame.path).toBe('/actions/delphi/Game/action/endGame/:id');
    expect(appLevel.path).toBe('/actions/delphi/action/gloveSemanticDistance');
  });

  it('resolves the id segment, encoded, and refuses a missing id naming it', () => {
    expect(resolvePath(endGame, 'g/1')).toBe('/actions/delphi/Game/action/endGame/g%2F1');
    expect(() => resolvePath(endGame)).toThrow('Missing required parameter: id');
    expect(resolvePath(login)).toBe('/actions/app/Account/action/login');
  });

  it('system routes are GET and not state-changing by default', () => {
    const route = defineRoute({ name: 'X', summary: 'x', path: '/x', input: z.object({}), output: z.object({}), access: 'public' });
    expect(route.method).toBe('GET');
    expect(route.stateChanging).toBe(false);
  });

  it('the OpenAPI document lists every descriptor with its method, input and output', () => {
    const doc = buildOpenApi([...ALL_DESCRIPTORS, login, endGame], '1.2.3');
    expect(doc.info.version).toBe('1.2.3');
    for (const d of [...ALL_DESCRIPTORS, login, endGame]) {
      const path = '/api/v1' + d.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(doc.paths[path]?.[d.method.toLowerCase()]).toBeDefined();
    }
    const loginOp = doc.paths['/api/v1/actions/app/Account/action/login']?.post as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(loginOp.requestBody.content['application/json'].schema.required).toEqual(['_email']);
    const endGameOp = doc.paths['/api/v1/actions/delphi/Game/action/endGame/{id}']?.post as { parameters: { name: string; in: string }[] };
    expect(endGameOp.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
  });
});

describe('hosts and apps (SPEC §2)', () => {
  it('the first host label picks the app; anything else is the showcase', () => {
    expect(appIdFromHost('delphi.chi.localhost:8080')).toBe('delphi');
    expect(appIdFromHost('APP.chi.localhost')).toBe('app');
    expect(appIdFromHost('api.example.org')).toBe('api');
    expect(appIdFromHost('creavisions.chi.localhost')).toBe('creavisions');
    expect(appIdFromHost('chi.localhost:8080')).toBe('showcase');
    expect(appIdFromHost('localhost')).toBe('showcase');
    expect(appIdFromHost('127.0.0.1:8080')).toBe('showcase');
    expect(appIdFromHost('delphis.chi.localhost')).toBe('showcase');
  });

  it('a label in front of the public domain that is no app is an unknown module; the bare domain and plain hosts are not (ADR 049)', () => {
    for (const host of ['foo.chi.localhost:8080', 'delphis.chi.localhost', 'FOO.chi.localhost.', 'a.b.chi.localhost']) {
      expect(isUnknownAppHost(host, 'chi.localhost'), host).toBe(true);
    }
    for (const host of ['chi.localhost:8080', 'www.chi.localhost', 'localhost', '127.0.0.1:8080', '[::1]:8080', 'delphi.chi.localhost:8080', 'foo.example.org', 'xchi.localhost']) {
      expect(isUnknownAppHost(host, 'chi.localhost'), host).toBe(false);
    }
    expect(isUnknownAppHost('labs.research.example.org', 'research.example.org')).toBe(true);
  });

  it('builds app origins and chunk names', () => {
    expect(appOrigin('delphi', 'chi.localhost', 8080)).toBe('http://delphi.chi.localhost:8080');
    expect(appOrigin('app', 'chi.example.org', 443, 'https')).toBe('https://app.chi.example.org');
    expect(chunkName('assistants')).toBe('chi-assistants');
  });
});
