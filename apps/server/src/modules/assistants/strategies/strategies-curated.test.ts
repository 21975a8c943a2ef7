/** Issue 24 item 8: the strategies are a curated collection; a user's document never passes for one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, documents, strategies } from '@chi/contract';
import { call } from '../../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { docCall, makeUsers } from '../../documents/documents-kit';
import type { Users } from '../../documents/documents-kit';
import { SAMPLE_STRATEGIES } from '../migrations/0021-quantum-strategies';

const SCOPE = { appId: strategies.STRATEGY_APP, dataType: strategies.STRATEGY_DATA_TYPE };
const identity = (id: string) => ({ _appId: SCOPE.appId, _dataType: SCOPE.dataType, _id: id });
const strategy = (id: string, title: string) => ({ ...identity(id), title, summary: 'S', topic: 'security', horizon: 'near', status: 'active', year: 2026, body: 'B' });

describe.each(TEST_DIALECTS)('curated strategies (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  const anonymousTitles = async () => {
    const res = await call(t, strategies.listQuantumStrategyDocuments, { limit: 100 });
    return (res.json() as { documents: { title: string }[] }).documents.map((d) => d.title);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
  });
  afterAll(() => t.close());

  it('refuses a user who creates a strategy, so the anonymous list never shows it', async () => {
    const created = await docCall(t, documents.create, SCOPE, strategy('fake-plan', 'Send your password to us'), u.other.session);
    expect(created.statusCode).toBe(403);
    expect((created.json() as { Error: { message: string } }).Error.message).toBe(ERRORS.forbidden.message);
    const published = await docCall(t, documents.publish, SCOPE, { filter: identity('fake-plan') }, u.other.session);
    expect([403, 404]).toContain(published.statusCode);
    expect(await anonymousTitles()).not.toContain('Send your password to us');
    expect(await anonymousTitles()).toHaveLength(SAMPLE_STRATEGIES.length);
  });

  it('refuses a user who edits or retracts a curated sample', async () => {
    const id = SAMPLE_STRATEGIES[0]?.id ?? '';
    const patched = await docCall(t, documents.patch, SCOPE, { filter: identity(id), update: { title: 'Hijacked' } }, u.other.session);
    expect(patched.statusCode).toBe(403);
    const retracted = await docCall(t, documents.retract, SCOPE, { filter: identity(id) }, u.owner.session);
    expect(retracted.statusCode).toBe(403);
    expect(await anonymousTitles()).not.toContain('Hijacked');
  });

  it('lets an administrator author and publish one, which everyone then sees', async () => {
    expect((await docCall(t, documents.create, SCOPE, strategy('curated-plan', 'A curated plan'), u.admin.session)).statusCode).toBe(200);
    expect(await anonymousTitles()).not.toContain('A curated plan');
    expect((await docCall(t, documents.publish, SCOPE, { filter: identity('curated-plan') }, u.admin.session)).statusCode).toBe(200);
    expect(await anonymousTitles()).toContain('A curated plan');
  });

  it('leaves ordinary data types writable by any user', async () => {
    const note = await docCall(t, documents.create, { appId: 'app', dataType: 'Note' }, { _appId: 'app', _dataType: 'Note', _id: 'n1', text: 'mine' }, u.other.session);
    expect(note.statusCode).toBe(200);
  });
});
