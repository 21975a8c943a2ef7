import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_SALT } from '@chi/contract';
import { hashPassword } from './password-hash';
import { sha256Hex } from './sha256';

const expected = (password: string) => createHash('sha256').update(PASSWORD_SALT + password).digest('hex');

describe('the client-side password hash', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is hex(sha256(PASSWORD_SALT + password)) with Web Crypto', async () => {
    expect(await hashPassword('correct horse battery staple')).toBe(expected('correct horse battery staple'));
    expect(await hashPassword('  spaced  ')).toBe(expected('  spaced  '));
    expect(await hashPassword('æøå €')).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashPassword('æøå €')).toBe(expected('æøå €'));
  });

  it('gives the same hash without Web Crypto (plain-http pages)', async () => {
    vi.stubGlobal('crypto', {});
    expect(await hashPassword('secret')).toBe(expected('secret'));
  });

  it('the fallback SHA-256 matches Node on block boundaries', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const bytes = new TextEncoder().encode('x'.repeat(length));
      expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});
