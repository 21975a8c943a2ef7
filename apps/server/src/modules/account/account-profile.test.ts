/** UPDATE_PROFILE: the person card's fields live on the account, changed by their owner only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, account, errorBody } from '@chi/contract';
import { call, createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

describe.each(TEST_DIALECTS)('the person card on the account (%s)', (dialect) => {
  let t: TestApp;
  let adaId: string;
  let ada: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    adaId = await createUser(t, { email: 'ada@example.org', password: 'ada password', firstName: 'Ada', lastName: 'Lovelace' });
    await createUser(t, { email: 'bob@example.org', password: 'bob password', firstName: 'Bob', lastName: 'Other', appAdmin: true });
    ada = (await logIn(t, 'ada@example.org', 'ada password')).session;
    other = (await logIn(t, 'bob@example.org', 'bob password')).session;
  });
  afterAll(() => t.close());

  it('starts empty: no programme, no university, no awards', async () => {
    expect((await call(t, account.get, {}, { id: adaId, session: ada })).json()).toMatchObject({ programme: '', university: '', awards: [] });
  });

  it('the owner sets title, programme, university and awards; get and the session show them', async () => {
    const update = { title: ' Prof. ', programme: 'MSc Mathematics', university: 'University of London', awards: ['Royal Medal', 'Fellow'] };
    const saved = await call(t, account.updateProfile, update, { id: adaId, session: ada });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ _id: adaId, title: 'Prof.', programme: 'MSc Mathematics', university: 'University of London', awards: ['Royal Medal', 'Fellow'] });
    // Fields left out stay as they were.
    await call(t, account.updateProfile, { university: 'DTU' }, { id: adaId, session: ada });
    const read = await call(t, account.get, {}, { id: adaId, session: other });
    expect(read.json()).toMatchObject({ name: 'Ada Lovelace', title: 'Prof.', programme: 'MSc Mathematics', university: 'DTU', awards: ['Royal Medal', 'Fellow'] });
    await call(t, account.updateProfile, { _firstName: 'Augusta Ada', awards: [] }, { id: adaId, session: ada });
    const resumed = await call(t, account.resumeSession, {}, { session: ada });
    expect(resumed.json().User).toMatchObject({ name: 'Augusta Ada Lovelace', title: 'Prof.' });
    expect((await call(t, account.get, {}, { id: adaId, session: ada })).json()).toMatchObject({ awards: [] });
  });

  it('only the owner may change it: 401 anonymous, 403 for anyone else, administrators included', async () => {
    expect((await call(t, account.updateProfile, { programme: 'X' }, { id: adaId })).json()).toEqual(errorBody(ERRORS.unauthorized));
    expect((await call(t, account.updateProfile, { programme: 'X' }, { id: adaId, session: other })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, account.get, {}, { id: adaId, session: ada })).json().programme).toBe('MSc Mathematics');
  });

  it.each([
    [{ awards: 'Royal Medal' }, /^awards: /],
    [{ awards: ['  '] }, /An award cannot be empty/],
    [{ programme: 'x'.repeat(501) }, /programme must be at most 500 characters/],
    [{ awards: Array.from({ length: 101 }, (_, i) => `Award ${i}`) }, /At most 100 awards/],
    [{ _firstName: '' }, /^_firstName: /],
    [{ university: 7 }, /university must be a string/],
  ])('refuses bad input %j with a 400 naming the field', async (input, message) => {
    const res = await call(t, account.updateProfile, input as never, { id: adaId, session: ada });
    expect(res.statusCode).toBe(400);
    expect(res.json().Error.message).toMatch(message);
  });
});
