/**
 * Avatars from the external avatar service (SPEC §5, §7, §9): the md5 of the trimmed,
 * lower-cased e-mail with the identicon default. A requested size of 6–2048 is accepted and
 * clamped to 20–200 px; the picture is fetched at twice that size so it stays sharp on
 * high-density screens (the "doubled for display" of SPEC §9).
 */
import { md5Hex } from './md5';

export const AVATAR_SIZE_MIN = 6;
export const AVATAR_SIZE_MAX = 2048;
export const AVATAR_DISPLAY_MIN = 20;
export const AVATAR_DISPLAY_MAX = 200;
const DEFAULT_SIZE = 80;

/** The "simple pattern" an avatar address must match. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class IllegalGravatarUrl extends Error {
  constructor() {
    super('Illegal gravatar url');
    this.name = 'Avatar Error';
  }
}

/** The size shown on the page: out-of-range or non-numeric input falls back to the default. */
export function avatarDisplaySize(size: number): number {
  if (!Number.isFinite(size) || size < AVATAR_SIZE_MIN || size > AVATAR_SIZE_MAX) return DEFAULT_SIZE;
  return Math.min(AVATAR_DISPLAY_MAX, Math.max(AVATAR_DISPLAY_MIN, Math.round(size)));
}

export function isGravatarEmail(email: string): boolean {
  return SIMPLE_EMAIL.test(email.trim());
}

/** Throws IllegalGravatarUrl for an address that fails the simple pattern. */
export function gravatarUrl(email: string, size: number = DEFAULT_SIZE): string {
  if (!isGravatarEmail(email)) throw new IllegalGravatarUrl();
  const hash = md5Hex(email.trim().toLowerCase());
  return `https://www.gravatar.com/avatar/${hash}?d=identicon&s=${avatarDisplaySize(size) * 2}`;
}

/** Up to two initials for the local fallback avatar (machines may be offline). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((part) => part.charAt(0).toUpperCase()).join('') || '?';
}
