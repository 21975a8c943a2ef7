import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';

const FIELDS = ['name', 'slug', 'games', 'completionRedirect', 'targetSample'];

describe('fieldErrors', () => {
  it('puts each part of the message at the field it names, and the rest above the form', () => {
    expect(fieldErrors('completionRedirect: must be an https:// URL', FIELDS)).toEqual({ byField: { completionRedirect: 'must be an https:// URL' }, general: null });
    expect(fieldErrors('update.targetSample: Too small; slug: bad', FIELDS).byField).toEqual({ targetSample: 'Too small', slug: 'bad' });
    expect(fieldErrors("games[0].settings.optional: WordLinks setting 'optional': expected boolean", FIELDS).byField.games).toContain("WordLinks setting 'optional'");
    expect(fieldErrors('Another study already has this slug.', FIELDS)).toEqual({ byField: {}, general: 'Another study already has this slug.' });
  });
});
