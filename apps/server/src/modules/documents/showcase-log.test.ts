/** Anonymous showcase plays (issue 15): the generic log takes them from visitors without an account. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, documents, errorBody } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { docCall, makeUsers } from './documents-kit';
import type { Users } from './documents-kit';

const PLAY = { appId: 'showcase', dataType: '_ShowcasePlay' };

describe.each(TEST_DIALECTS)('anonymous showcase logs (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
  });
  afterAll(() => t.close());

  it('stores an anonymous play once per _id, readable by managers only', async () => {
    const first = await docCall(t, documents.log, PLAY, { _id: 'play-1', visitorId: 'v-1', game: 'quiz', score: 0.5 });
    expect(first.json()).toEqual({ _id: 'play-1', duplicate: false });
    expect((await docCall(t, documents.log, PLAY, { _id: 'play-1', visitorId: 'v-1', game: 'quiz', score: 0.9 })).json()).toEqual({ _id: 'play-1', duplicate: true });
    // Nobody but a manager reads them back, not even another anonymous visitor.
    expect((await docCall(t, documents.list, PLAY, {})).json()).toMatchObject({ total: 0 });
    expect((await docCall(t, documents.list, PLAY, {}, u.other.session)).json()).toMatchObject({ total: 0 });
    const listed = (await docCall(t, documents.list, PLAY, {}, u.admin.session)).json() as { documents: Record<string, unknown>[] };
    expect(listed.documents).toEqual([expect.objectContaining({ _id: 'play-1', _ownerId: null, visitorId: 'v-1', score: 0.5 })]);
  });

  it('other apps still need a login to log, and mutable types are no log', async () => {
    expect((await docCall(t, documents.log, { appId: 'creavisions', dataType: '_Entry' }, { value: 1 })).json()).toEqual(errorBody(ERRORS.unauthorized));
    expect((await docCall(t, documents.log, { appId: 'showcase', dataType: 'Play' }, { value: 1 })).statusCode).toBe(400);
    expect((await docCall(t, documents.create, PLAY, { _appId: 'showcase', _dataType: '_ShowcasePlay', _id: 'x' })).statusCode).toBe(401);
  });
});
