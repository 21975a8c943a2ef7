/** The language choice (SPEC §1): kept in local storage, default and fallback English. */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@chi/contract';

export const LANGUAGE_STORAGE_KEY = 'chi.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, policies); the default still works.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
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
