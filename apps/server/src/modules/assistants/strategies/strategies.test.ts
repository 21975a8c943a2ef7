/** listQuantumStrategyDocuments (issue 16 part 3) through the real route, on both dialects. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, documents, strategies } from '@chi/contract';
import { call } from '../../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { docCall, makeUsers } from '../../documents/documents-kit';
import type { Users } from '../../documents/documents-kit';
import { SAMPLE_STRATEGIES } from '../migrations/0021-quantum-strategies';

const SCOPE = { appId: strategies.STRATEGY_APP, dataType: strategies.STRATEGY_DATA_TYPE };
type Listed = { documents: strategies.StrategySummary[]; total: number; Error?: { message: string } };

describe.each(TEST_DIALECTS)('listQuantumStrategyDocuments (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  const list = async (input: Record<string, unknown>, session?: string) => {
    const res = await call(t, strategies.listQuantumStrategyDocuments, input, session === undefined ? {} : { session });
    return { status: res.statusCode, body: res.json() as Listed };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
    // A curator's draft, unpublished: the managers' only.
    const created = await docCall(
      t,
      documents.create,
      SCOPE,
      {
        _appId: SCOPE.appId,
        _dataType: SCOPE.dataType,
        _id: 'owners-draft',
        title: 'Zebrafish cryogenics draft',
        summary: 'Unpublished notes.',
        topic: 'hardware',
        horizon: 'long',
        status: 'draft',
        year: 2027,
        body: 'A private plan about dilution refrigerators and zebrafish.',
      },
      u.admin.session,
    );
    expect(created.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('lists the sample documents on a fresh install, to anyone, sorted and paged on the server', async () => {
    const first = await list({ sorting: [{ field: 'year', direction: 'desc' }], limit: 3 });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(SAMPLE_STRATEGIES.length);
    const byYear = [...SAMPLE_STRATEGIES].sort((a, b) => b.year - a.year || a.title.localeCompare(b.title));
    expect(first.body.documents.map((d) => d._id)).toEqual(byYear.slice(0, 3).map((s) => s.id));
    const second = await list({ sorting: [{ field: 'year', direction: 'desc' }], offset: 3, limit: 3 });
    expect(second.body.documents.map((d) => d._id)).toEqual(byYear.slice(3, 6).map((s) => s.id));
    // The list carries no body; the reader loads the document with documents.get.
    expect(first.body.documents[0]).not.toHaveProperty('body');
    const byTitle = await list({ sorting: [{ field: 'title', direction: 'asc' }], limit: 100 });
    expect(byTitle.body.documents.map((d) => d.title)).toEqual(SAMPLE_STRATEGIES.map((s) => s.title).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters with the generic document filter grammar', async () => {
    const security = await list({ filter: { field: 'topic', value: 'security' }, sorting: [{ field: 'year', direction: 'asc' }] });
    expect(security.body.documents.map((d) => d._id)).toEqual(['qs-legacy-encryption-2019', 'qs-post-quantum-migration']);
    const group = await list({
      filter: { type: 'AND', filters: [{ field: 'status', value: 'adopted' }, { field: 'year', operator: '>=', value: 2025 }] },
      sorting: [{ field: 'title', direction: 'asc' }],
    });
    expect(group.body.documents.map((d) => d._id)).toEqual(['qs-algorithm-benchmarks', 'qs-post-quantum-migration']);
    expect(group.body.total).toBe(2);
  });

  it('shows a draft to the managers only', async () => {
    const filter = { field: '_id', value: 'owners-draft' };
    expect((await list({ filter })).body.total).toBe(0);
    expect((await list({ filter }, u.other.session)).body.total).toBe(0);
    expect((await list({ filter }, u.admin.session)).body.documents.map((d) => d.title)).toEqual(['Zebrafish cryogenics draft']);
    expect((await list({ filter }, u.devOp.session)).body.total).toBe(1);
    // Its text is searchable by those who may see it, and by nobody else.
    expect((await list({ query: 'zebrafish' }, u.admin.session)).body.documents.map((d) => d._id)).toEqual(['owners-draft']);
    expect((await list({ query: 'zebrafish' }, u.other.session)).body.total).toBe(0);
  });

  it('answers 400 for a malformed filter or sorting, and for bad paging', async () => {
    for (const filter of [{ field: 'topic', operator: 'like', value: 'x' }, { type: 'XOR', filters: [] }, 'topic=security', { field: 'a;drop', value: 1 }]) {
      const res = await list({ filter });
      expect(res.status).toBe(400);
      expect(res.body.Error?.message).toBe(ERRORS.malformedFilter.message);
    }
    const sorting = await list({ sorting: [{ field: 'title desc; drop table documents', direction: 'asc' }] });
    expect(sorting.status).toBe(400);
    expect(sorting.body.Error?.message).toMatch(/sorting/);
    const limit = await list({ limit: 0 });
    expect(limit.status).toBe(400);
    expect(limit.body.Error?.message).toMatch(/limit/);
    const query = await list({ query: 'q'.repeat(strategies.MAX_STRATEGY_QUERY + 1) });
    expect(query.status).toBe(400);
    expect(query.body.Error?.message).toMatch(/query/);
  });

  it('searches the full text (title, summary, body), best match first, within the filter', async () => {
    const harvest = await list({ query: 'harvest now decrypt later' });
    expect(harvest.body.documents[0]?._id).toBe('qs-post-quantum-migration');
    expect(harvest.body.documents[0]?.score).toBeGreaterThan(0);
    // Stemmed: "magnetometer" finds "magnetometers".
    expect((await list({ query: 'magnetometer' })).body.documents.map((d) => d._id)).toEqual(['qs-sensing-networks']);
    const withFilter = await list({ query: 'quantum computer', filter: { field: 'status', value: 'retired' } });
    expect(withFilter.body.documents.map((d) => d._id)).toEqual(['qs-legacy-encryption-2019']);
    // Query syntax never reaches the index: operators are plain words or dropped.
    expect((await list({ query: '"* OR NEAR(' })).body).toEqual({ documents: [], total: 0 });
    expect((await list({ query: 'xylophone' })).body.total).toBe(0);
  });

  it('keeps the index in step when a document changes or goes', async () => {
    const patch = await docCall(
      t,
      documents.patch,
      SCOPE,
      { filter: { _appId: SCOPE.appId, _dataType: SCOPE.dataType, _id: 'owners-draft' }, update: { body: 'Now about quokkas instead.' } },
      u.admin.session,
    );
    expect(patch.statusCode).toBe(200);
    expect((await list({ query: 'zebrafish' }, u.admin.session)).body.documents.map((d) => d._id)).toEqual(['owners-draft']);
    expect((await list({ query: 'quokkas' }, u.admin.session)).body.total).toBe(1);
    expect((await list({ query: 'refrigerators' }, u.admin.session)).body.documents.map((d) => d._id)).not.toContain('owners-draft');
    const removed = await docCall(t, documents.remove, SCOPE, { filter: { _appId: SCOPE.appId, _dataType: SCOPE.dataType, _id: 'owners-draft' } }, u.admin.session);
    expect(removed.statusCode).toBe(200);
    expect((await list({ query: 'quokkas' }, u.admin.session)).body.total).toBe(0);
  });
});
