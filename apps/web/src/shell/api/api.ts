/** The client every component uses; the shell sets its unauthorised handler once the router exists. */
import { createApiClient } from './client';
import { markPageOutdated } from './page-outdated';
import { currentLanguage, i18n } from '../i18n/i18n';
import { htmlLang } from '../i18n/language';

/** `da` or `en`, from the language the interface shows right now (the server mails in it). */
export function acceptLanguage(): string {
  return htmlLang(currentLanguage(i18n));
}

export const api = createApiClient({
  acceptLanguage,
  // Baked in by Vite (build/contract-fingerprint.ts), in the build and the dev server; absent in unit tests.
  contract: import.meta.env.VITE_CHI_CONTRACT as string | undefined,
  onOutdated: markPageOutdated,
});
