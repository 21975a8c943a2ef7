/**
 * The one date/time formatter of the web client (issue 18): every date shown follows the UI
 * language, never the browser's locale, so one page never mixes "11/23/2026, 6:36:57 PM" and
 * "23/11/2026, 18:38:35". English reads "23 Nov 2026, 18:36", Danish "23. nov. 2026 18.36":
 * the month as a word is unambiguous to readers of either convention.
 */
import { useTranslation } from 'react-i18next';
import type { Language } from '@chi/contract';
import { currentLanguage } from './i18n';

const LOCALES: Record<Language, string> = { en: 'en-GB', dk: 'da-DK' };
const formatters = new Map<Language, Intl.DateTimeFormat>();

function formatter(language: Language): Intl.DateTimeFormat {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(language, format);
  }
  return format;
}

/** A date as the UI language writes it; a value that is no date is shown as given. */
export function formatDateTime(value: string | number | Date, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter(language).format(date);
}

/** `formatDateTime` in the current UI language; re-renders when the language changes. */
export function useFormatDateTime(): (value: string | number | Date) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (value) => formatDateTime(value, language);
}
