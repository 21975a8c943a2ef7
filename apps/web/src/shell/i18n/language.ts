/**
 * The language choice (SPEC §1): kept in local storage, default and fallback English.
 * Local storage belongs to one host, so a choice made on `app.…` would not reach `delphi.…`
 * (issue 18). The choice is therefore also kept in a cookie on the base domain, which every
 * sub-app's host reads; the cookie, being the latest choice on any host, wins over local storage.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, isAppId, type Language } from '@chi/contract';

export const LANGUAGE_STORAGE_KEY = 'chi.language';
export const LANGUAGE_COOKIE = 'chi_language';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The domain the cookie is shared on: the host without its app label (`delphi.chi.localhost` →
 * `chi.localhost`, as PUBLIC_DOMAIN). None for a single-label name or an IP address: browsers
 * refuse `Domain=localhost`, so there the cookie stays with the host.
 */
export function languageCookieDomain(hostname: string): string | undefined {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  const labels = hostname.split('.');
  const base = labels.length > 1 && isAppId(labels[0] ?? '') ? labels.slice(1) : labels;
  return base.length > 1 ? base.join('.') : undefined;
}

export function readLanguageCookie(cookie: string): Language | undefined {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}

export function languageCookie(language: Language, hostname: string, secure: boolean): string {
  const domain = languageCookieDomain(hostname);
  return [`${LANGUAGE_COOKIE}=${language}`, 'Path=/', `Max-Age=${ONE_YEAR_S}`, 'SameSite=Lax', ...(domain ? [`Domain=${domain}`] : []), ...(secure ? ['Secure'] : [])].join('; ');
}

/** The language the person chose on any host (cookie or local storage), or undefined before any choice. */
export function readChosenLanguage(): Language | undefined {
  if (typeof document !== 'undefined') {
    const shared = readLanguageCookie(document.cookie);
    if (shared) return shared;
  }
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function readStoredLanguage(): Language {
  if (typeof document !== 'undefined') {
    const shared = readLanguageCookie(document.cookie);
    if (shared) return shared;
  }
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, policies); the default still works.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  if (typeof document !== 'undefined') {
    document.cookie = languageCookie(language, window.location.hostname, window.location.protocol === 'https:');
  }
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Nothing to do: the choice then lasts for this page only.
  }
}

/** `dk` is our key for Danish, but `<html lang>` needs the BCP 47 code `da`. */
export function htmlLang(language: Language): string {
  return language === 'dk' ? 'da' : language;
}

/** Names shown in the switch, each in its own language so anyone can find theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', dk: 'Dansk' };
