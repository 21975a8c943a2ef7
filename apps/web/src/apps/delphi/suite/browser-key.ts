/**
 * This tab's own key for a suite (ADR 043, amended): 32 random bytes, base64url, sent with the
 * init (or a study link's entry). The server binds the suite to it, so when the first answer is
 * lost (a dropped connection, a phone's timeout, a reload right after the server bound the
 * suite) the retry proves it is the same browser instead of being told "open on another device".
 * Kept in sessionStorage (memory where storage is denied) for the tab's life; the HttpOnly cookie
 * the answer sets carries the key from then on.
 */
import { sessionStore } from '../../../shell/durable-queue/safe-storage';
import type { SimpleStorage } from '../../../shell/durable-queue/safe-storage';

const STORE_PREFIX = 'chi.delphi.browserKey.';
const KEY_BYTES = 32;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The key for `scope` (`local:<participantId>` or `study:<slug>`), drawn once per tab. */
export function browserKeyFor(scope: string, store: SimpleStorage = sessionStore()): string {
  const name = `${STORE_PREFIX}${scope}`;
  const kept = store.getItem(name);
  if (kept !== null && /^[A-Za-z0-9_-]{43,128}$/.test(kept)) return kept;
  const key = base64url(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
  store.setItem(name, key);
  return key;
}
