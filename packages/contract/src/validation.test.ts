import { describe, expect, it } from 'vitest';
import {
  clampProgress,
  emailSchema,
  identifierSchema,
  isIdentifier,
  isLongerThan5,
  isNonEmptyString,
  isValidEmail,
  requiredStringSchema,
  trimInput,
  VALIDATION_MESSAGES,
} from './validation';

/** An address of exactly `length` characters: `a…a@b.dk`. */
function emailOfLength(length: number): string {
  return 'a'.repeat(length - 5) + '@b.dk';
}

describe('general email rule (SPEC §5)', () => {
  it('needs more than 4 characters: 4 fails, 5 passes', () => {
    // `a@.c` meets every other part of the rule, so only its length can fail it.
    expect(isValidEmail('a@.c')).toBe(false);
    expect(isValidEmail('a@.cd')).toBe(true);
    expect(isValidEmail('a@b.c')).toBe(true);
  });

  it('needs fewer than 500 characters: 499 passes, 500 fails', () => {
    expect(emailOfLength(499)).toHaveLength(499);
    expect(isValidEmail(emailOfLength(499))).toBe(true);
    expect(isValidEmail(emailOfLength(500))).toBe(false);
  });

  it('measures the trimmed value', () => {
    expect(isValidEmail('  a@b.c  ')).toBe(true);
    expect(isValidEmail(` ${emailOfLength(499)} `)).toBe(true);
    expect(isValidEmail('   @b.c ')).toBe(false);
  });

  it('refuses an @ in first place or no @ at all', () => {
    expect(isValidEmail('@abc.dk')).toBe(false);
    expect(isValidEmail('abc.dk.dk')).toBe(false);
  });

  it('needs a dot after the @ that is not the last character', () => {
    expect(isValidEmail('ab.c@dk')).toBe(false);
    expect(isValidEmail('abc@dk.')).toBe(false);
    expect(isValidEmail('abc@dk.d')).toBe(true);
    expect(isValidEmail('a.b@c.dk')).toBe(true);
  });

  it('refuses white space inside the address (a mailer would send `a b@c.de` to `b@c.de`)', () => {
    expect(isValidEmail('a b@c.de')).toBe(false);
    expect(isValidEmail('ab@c .de')).toBe(false);
    expect(isValidEmail('ab@c.d\te')).toBe(false);
    expect(isValidEmail('ab@c.de\nx@y.dk')).toBe(false);
    expect(isValidEmail('\u00a0ab@c.de')).toBe(true);
  });

  it('refuses more than one @', () => {
    expect(isValidEmail('a@b@c.de')).toBe(false);
    expect(isValidEmail('ab@c.de@')).toBe(false);
    expect(isValidEmail('ab@@c.de')).toBe(false);
    expect(emailSchema().safeParse('a b@c.de').error?.issues[0]?.message).toBe('Invalid email address');
  });

  it('the zod schema trims and carries the given message', () => {
    expect(emailSchema().parse('  x@y.dk ')).toBe('x@y.dk');
    const result = emailSchema(VALIDATION_MESSAGES.loginEmail).safeParse('nope');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A valid email address is required');
    expect(emailSchema().safeParse(undefined).error?.issues[0]?.message).toBe('Invalid email address');
  });
});

describe('other checks', () => {
  it('trims input', () => {
    expect(trimInput('  Ada \n')).toBe('Ada');
  });

  it('non-empty string: whitespace only is empty', () => {
    expect(isNonEmptyString('x')).toBe(true);
    expect(isNonEmptyString('   ')).toBe(false);
    expect(isNonEmptyString(5)).toBe(false);
    expect(requiredStringSchema().safeParse('  ').error?.issues[0]?.message).toBe('This field is required');
  });

  it('longer than 5: 5 fails, 6 passes, after trimming', () => {
    expect(isLongerThan5('12345')).toBe(false);
    expect(isLongerThan5('123456')).toBe(true);
    expect(isLongerThan5(' 12345 ')).toBe(false);
  });

  it('identifier pattern: letters, digits, _ and -, 1 to 128, not starting with _ or -', () => {
    expect(isIdentifier('P1')).toBe(true);
    expect(isIdentifier('5f0c_a-b')).toBe(true);
    expect(isIdentifier('a'.repeat(128))).toBe(true);
    expect(isIdentifier('a'.repeat(129))).toBe(false);
    expect(isIdentifier('')).toBe(false);
    expect(isIdentifier('_a')).toBe(false);
    expect(isIdentifier('-a')).toBe(false);
    expect(isIdentifier('a b')).toBe(false);
    expect(isIdentifier('a/../b')).toBe(false);
    expect(isIdentifier("a';drop")).toBe(false);
    const schema = identifierSchema(VALIDATION_MESSAGES.userId);
    expect(schema.safeParse('x y').error?.issues[0]?.message).toBe('A valid user id is required');
    expect(schema.parse(' abc ')).toBe('abc');
  });

  it('progress is clamped to 0–100', () => {
    expect(clampProgress(-1)).toBe(0);
    expect(clampProgress(0)).toBe(0);
    expect(clampProgress(42.5)).toBe(42.5);
    expect(clampProgress(100)).toBe(100);
    expect(clampProgress(101)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});
