import type { Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { mergeMigrations } from './merge-migrations';

const step = (label: string): Migration => ({ up: async () => void label });

describe('merging the areas migration lists', () => {
  it('puts every name in name order, whichever list it came from', () => {
    const merged = mergeMigrations([{ '0001-a': step('a'), '0004-d': step('d') }, { '0002-b': step('b') }, { '0003-c': step('c') }]);
    expect(Object.keys(merged)).toEqual(['0001-a', '0002-b', '0003-c', '0004-d']);
  });

  it('refuses a name listed by two areas', () => {
    expect(() => mergeMigrations([{ '0001-a': step('a') }, { '0001-a': step('again') }])).toThrow('migration 0001-a is listed by two areas');
  });
});
