/**
 * Existing databases recorded these names when they applied them: after the migrations moved
 * into their areas' folders (ADR 066), every one must still be listed, in the same order.
 */
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './index';

const SHIPPED = [
  '0001-server-meta',
  '0002-accounts',
  '0003-delphi',
  '0004-documents',
  '0005-delphi-late-linking',
  '0006-jobs-and-rate-limits',
  '0007-delphi-game-status',
  '0008-profile-image',
  '0009-delphi-timing',
  '0012-assistants',
  '0013-ccf',
  '0014-delphi-recordings',
  '0015-delphi-exclusions',
  '0016-delphi-events',
  '0018-assistant-retrieval',
  '0019-batch-import-and-quantum-hr',
  '0020-creavisions',
  '0021-quantum-strategies',
  '0022-batch-import-collections',
  '0024-delphi-plot-cells',
  '0026-assistant-lexeme-stats',
  '0027-storage-quota-index',
  '0028-delphi-suite-keys',
  '0029-ccf-participant-secret',
  '0030-delphi-skipped-and-practice',
  '0033-assistant-danish-stemming',
  '0034-person-card',
];

describe('the merged migration list', () => {
  const names = Object.keys(MIGRATIONS);

  it('keeps every shipped migration under its name, in the order it was applied', () => {
    expect(names.filter((name) => SHIPPED.includes(name))).toEqual(SHIPPED);
  });

  it('adds new migrations only after the shipped ones, each with a number of its own', () => {
    expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED);
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*$/);
    const numbers = names.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('gives every migration its module, never a missing one', () => {
    for (const name of names) expect(typeof MIGRATIONS[name]?.up, name).toBe('function');
  });
});
