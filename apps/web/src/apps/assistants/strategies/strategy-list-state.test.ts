import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, listInput, nextSort, parseListState, writeListState } from './strategy-list-state';

describe('strategy list state in the URL', () => {
  it('round-trips through the query string, leaving defaults out and other parameters alone', () => {
    const state = { ...DEFAULT_STATE, query: 'post quantum', topic: 'security' as const, sort: { field: 'year' as const, direction: 'desc' as const }, page: 2, pageSize: 20 as const, doc: 'qs-1' };
    const params = writeListState(state, new URLSearchParams('modal=login&page=9'));
    expect(params.toString()).toBe('modal=login&q=post+quantum&topic=security&sort=year.desc&page=2&size=20&doc=qs-1');
    expect(parseListState(params)).toEqual(state);
    expect(writeListState(DEFAULT_STATE).toString()).toBe('');
  });

  it('falls back to the defaults for anything the URL should not hold', () => {
    const parsed = parseListState(new URLSearchParams('topic=weather&sort=body.up&page=-3&size=7&doc=../x&horizon=long'));
    expect(parsed).toEqual({ ...DEFAULT_STATE, horizon: 'long' });
  });

  it('derives the call: filters as one AND filter, the sort and the page window', () => {
    const state = { ...DEFAULT_STATE, topic: 'hardware' as const, status: 'adopted' as const, query: 'cryostat', page: 3, sort: { field: 'title' as const, direction: 'asc' as const } };
    expect(listInput(state)).toEqual({
      filter: { type: 'AND', filters: [{ field: 'topic', value: 'hardware' }, { field: 'status', value: 'adopted' }] },
      query: 'cryostat',
      sorting: [{ field: 'title', direction: 'asc' }],
      offset: 20,
      limit: 10,
    });
    expect(listInput(DEFAULT_STATE)).toEqual({ sorting: [], offset: 0, limit: 10 });
  });

  it('cycles a column through ascending, descending and the default order', () => {
    expect(nextSort(null, 'year')).toEqual({ field: 'year', direction: 'asc' });
    expect(nextSort({ field: 'year', direction: 'asc' }, 'year')).toEqual({ field: 'year', direction: 'desc' });
    expect(nextSort({ field: 'year', direction: 'desc' }, 'year')).toBeNull();
    expect(nextSort({ field: 'year', direction: 'desc' }, 'title')).toEqual({ field: 'title', direction: 'asc' });
  });
});
