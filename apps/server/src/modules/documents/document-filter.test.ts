import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { docCall, makeUsers } from './documents-kit';
import type { Users } from './documents-kit';

const S = { appId: 'ccf', dataType: 'Thing' };
const ROWS = [
  { _id: 'a', name: 'apple', n: 1, flag: true, tag: 'red', meta: { level: 2 } },
  { _id: 'b', name: 'banana', n: 5, flag: false, tag: 'yellow', meta: { level: 7 } },
  { _id: 'c', name: 'cherry', n: 10, flag: true, tag: 'red', meta: { level: 3 } },
  { _id: 'd', name: "o'reilly; drop table documents", n: 20, tag: null },
];

describe.each(TEST_DIALECTS)('document filters (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
    for (const row of ROWS) {
      const res = await docCall(t, documents.create, S, { _appId: S.appId, _dataType: S.dataType, ...row }, u.owner.session);
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const list = async (body: Record<string, unknown>) => {
    const res = await docCall(t, documents.list, S, body, u.owner.session);
    return { status: res.statusCode, body: res.json() as { documents: { _id: string }[]; total: number; Error?: { message: string } } };
  };
  const ids = async (filter: unknown) => {
    const { status, body } = await list({ filter });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.documents.map((d) => d._id).sort().join('');
  };

  it.each([
    [{ field: 'tag', value: 'red' }, 'ac'],
    [{ field: 'tag', operator: '=', value: 'red' }, 'ac'],
    [{ field: 'tag', operator: '!=', value: 'red' }, 'b'],
    [{ field: 'n', operator: '<', value: 5 }, 'a'],
    [{ field: 'n', operator: '<=', value: 5 }, 'ab'],
    [{ field: 'n', operator: '>', value: 5 }, 'cd'],
    [{ field: 'n', operator: '>=', value: 10 }, 'cd'],
    [{ field: 'n', operator: 'in', value: [1, 20, 99] }, 'ad'],
    [{ field: 'name', operator: 'in', value: [] }, ''],
    [{ field: 'name', operator: 'contains', value: 'an' }, 'b'],
    [{ field: 'flag', value: true }, 'ac'],
    [{ field: 'flag', value: false }, 'b'],
    [{ field: 'tag', value: null }, 'd'],
    [{ field: 'meta.level', operator: '>', value: 2 }, 'bc'],
    [{ field: '_id', operator: 'in', value: ['a', 'b'] }, 'ab'],
    [{ field: '_id', operator: '>', value: 'b' }, 'cd'],
    [{ field: '_published', value: false }, 'abcd'],
    [{ field: '_dataType', value: 'Thing' }, 'abcd'],
  ])('compiles the clause %j', async (filter, expected) => {
    expect(await ids(filter)).toBe(expected);
  });

  it('nests AND and OR groups', async () => {
    const filter = {
      type: 'OR',
      filters: [
        { type: 'AND', filters: [{ field: 'tag', value: 'red' }, { field: 'n', operator: '>', value: 5 }] },
        { field: 'name', value: 'banana' },
      ],
    };
    expect(await ids(filter)).toBe('bc');
    expect(await ids({ type: 'AND', filters: [] })).toBe('abcd');
    expect(await ids({ type: 'OR', filters: [] })).toBe('');
  });

  it('sorts and pages', async () => {
    const { body } = await list({ sorting: [{ field: 'n', direction: 'desc' }], limit: 2, offset: 1 });
    expect(body.total).toBe(4);
    expect(body.documents.map((d) => d._id)).toEqual(['c', 'b']);
    const byName = await list({ sorting: [{ field: 'name' }] });
    expect(byName.body.documents.map((d) => d._id)).toEqual(['a', 'b', 'c', 'd']);
    expect((await list({ limit: 201 })).status).toBe(400);
    expect((await list({ sorting: [{ field: 'n; drop table documents' }] })).status).toBe(400);
  });

  const deep = (depth: number): unknown => (depth === 1 ? { field: 'n', value: 1 } : { type: 'AND', filters: [deep(depth - 1)] });

  it.each([
    ['a string', 'tag'],
    ['an array', [{ field: 'tag', value: 'red' }]],
    ['null', null],
    ['a clause without field', { value: 'red' }],
    ['a clause without value', { field: 'tag' }],
    ['an unknown operator', { field: 'tag', operator: 'LIKE', value: 'r%' }],
    ['a group without filters array', { type: 'AND', filters: 'x' }],
    ['a group of unknown type', { type: 'XOR', filters: [] }],
    ['a clause with extra keys', { field: 'tag', value: 'red', sql: '1=1' }],
    ['an object value', { field: 'tag', value: { $ne: 1 } }],
    ['contains with a number', { field: 'n', operator: 'contains', value: 1 }],
    ['in without array', { field: 'n', operator: 'in', value: 1 }],
    ['a too deep nesting', deep(7)],
    ['too many clauses', { type: 'OR', filters: Array.from({ length: 51 }, () => ({ field: 'n', value: 1 })) }],
    ['a hostile field name', { field: "n') OR 1=1 --", value: 1 }],
    ['a JSON path field name', { field: '$.n', value: 1 }],
    ['a field with quotes', { field: 'tag"', value: 'red' }],
    ['a six-part path', { field: 'a.b.c.d.e.f', value: 1 }],
    ['a boolean identity with text', { field: '_published', value: 'yes' }],
  ])('rejects %s as a malformed filter', async (_label, filter) => {
    const { status, body } = await list({ filter });
    if (filter === null) {
      // null is "no filter given" as JSON can say it: the schema refuses it as a bad type.
      expect(status).toBe(400);
      return;
    }
    expect(status).toBe(400);
    expect(body.Error?.message).toBe('Malformed document filter');
  });

  it('accepts five levels of nesting', async () => {
    expect(await ids(deep(5))).toBe('a');
  });

  it('binds hostile values as plain data', async () => {
    expect(await ids({ field: 'name', value: "o'reilly; drop table documents" })).toBe('d');
    expect(await ids({ field: 'name', value: "' OR '1'='1" })).toBe('');
    expect(await ids({ field: 'name', operator: 'contains', value: "%'" })).toBe('');
    expect(await ids({ field: '_id', value: "a' OR 1=1 --" })).toBe('');
    expect((await list({})).body.total).toBe(4);
  });

  it('never answers 500 to random malformed filters', async () => {
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
    const values: unknown[] = [null, 1, -1.5, 'x', "'", true, [], {}, [1, 'a'], { a: 1 }, 1e308, '', 'a'.repeat(3000)];
    const fields: unknown[] = ['n', '_id', '_published', 'a.b', '', 7, null, '..', 'x y', '_createdAt', 'meta.level'];
    const ops: unknown[] = [...documents.FILTER_OPERATORS, 'LIKE', '', 3, null, undefined];
    const random = (depth: number): unknown => {
      if (depth > 0 && Math.random() < 0.3) return { type: pick(['AND', 'OR', 'and', 1]), filters: Array.from({ length: Math.floor(Math.random() * 3) }, () => random(depth - 1)) };
      if (Math.random() < 0.1) return pick(values);
      const clause: Record<string, unknown> = { field: pick(fields), value: pick(values) };
      const op = pick(ops);
      if (op !== undefined) clause.operator = op;
      return clause;
    };
    for (let i = 0; i < 300; i += 1) {
      const filter = random(3);
      const { status } = await list({ filter });
      expect([200, 400], JSON.stringify(filter)).toContain(status);
    }
  });
});
