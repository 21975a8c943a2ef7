import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { avatarDisplaySize, gravatarUrl, initials } from './gravatar';
import { md5Hex } from './md5';

describe('md5', () => {
  it('matches the RFC 1321 test suite and Node', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    for (const text of ['x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'æøå@example.dk', 'y'.repeat(1000)]) {
      expect(md5Hex(text)).toBe(createHash('md5').update(text).digest('hex'));
    }
  });
});

describe('the avatar address', () => {
  it('hashes the trimmed, lower-cased e-mail with the identicon default', () => {
    expect(gravatarUrl('  MyEmailAddress@example.com ', 100)).toBe(
      'https://www.gravatar.com/avatar/0bc83cb571cd1c50ba6f3e8a78ef1346?d=identicon&s=200',
    );
  });

  it('clamps the size to 20–200 and fetches it doubled; out of 6–2048 falls back to 80', () => {
    expect(avatarDisplaySize(6)).toBe(20);
    expect(avatarDisplaySize(19)).toBe(20);
    expect(avatarDisplaySize(120)).toBe(120);
    expect(avatarDisplaySize(2048)).toBe(200);
    expect(avatarDisplaySize(5)).toBe(80);
    expect(avatarDisplaySize(2049)).toBe(80);
    expect(avatarDisplaySize(Number.NaN)).toBe(80);
    expect(gravatarUrl('a@b.co', 1000)).toMatch(/s=400$/);
  });

  it('refuses an address that fails the simple pattern with "Illegal gravatar url"', () => {
    for (const bad of ['', 'no-at-sign', 'a@b', 'a b@c.de', '@example.com']) {
      expect(() => gravatarUrl(bad)).toThrow('Illegal gravatar url');
    }
  });

  it('makes initials for the local fallback', () => {
    expect(initials('Ada King Lovelace')).toBe('AL');
    expect(initials('guest')).toBe('G');
    expect(initials('  ')).toBe('?');
  });
});
