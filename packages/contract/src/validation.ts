/** SPEC §5 validation rules, implemented once for client and server. */
import { z } from 'zod';

export const VALIDATION_MESSAGES = {
  loginEmail: 'A valid email address is required',
  loginPassword: 'A password is required',
  sessionKey: 'A valid session key is required',
  key: 'A valid key is required',
  userId: 'A valid user id is required',
  required: 'This field is required',
  invalidEmail: 'Invalid email address',
  cannotBeEmpty: 'Cannot be empty.',
  imageUrl: 'An image url is required',
  illegalGravatarUrl: 'Illegal gravatar url',
} as const;

/** Input values are trimmed (SPEC §5). */
export function trimInput(value: string): string {
  return value.trim();
}

/**
 * General email rule: trimmed, longer than 4 and shorter than 500 characters,
 * an `@` that is not first, and a dot after the `@` that is not last. Beyond SPEC §5's words
 * (issue 25 item 13): no white space inside and exactly one `@`, since a mailer reads
 * `a b@c.de` as `b@c.de` and `a@b@c.de` as anything but what was typed.
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length <= 4 || email.length >= 500) return false;
  if (/\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0 || email.indexOf('@', at + 1) !== -1) return false;
  const dot = email.lastIndexOf('.');
  return dot > at && dot < email.length - 1;
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

export function isLongerThan5(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 5;
}

/** Identifiers (participant ids, route tokens): 1–128 letters, digits, `_` or `-`, not starting with `_` or `-`. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function isIdentifier(value: unknown): value is string {
  return typeof value === 'string' && IDENTIFIER_PATTERN.test(value.trim());
}

/** zod building blocks that carry the spec's messages. */
export function emailSchema(message: string = VALIDATION_MESSAGES.invalidEmail) {
  return z.string({ error: message }).trim().refine(isValidEmail, { message });
}

export function requiredStringSchema(message: string = VALIDATION_MESSAGES.required) {
  return z.string({ error: message }).trim().min(1, { message });
}

export function identifierSchema(message: string) {
  return z.string({ error: message }).trim().regex(IDENTIFIER_PATTERN, { message });
}

/** Progress is a percentage: 0–100. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
