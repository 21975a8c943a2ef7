/**
 * Texts that only game screens or the data page need live in their own namespaces, bundled
 * with those lazy chunks, so the delphi home chunk stays small (ADR 004's 180 KB budget).
 */
import { useTranslation } from 'react-i18next';
import type { Language } from '@chi/contract';

export type DelphiLazyNamespace =
  | 'delphiGames' | 'delphiData' | 'delphiMemo' | 'delphiRecordings' | 'delphiWordLinks' | 'delphiColorCatch' | 'delphiMimeMix'
  // issue 17 part 5: the /Data plots
  | 'delphiPlots'
  // issue 26 item 7: the researchers' /Studies pages
  | 'delphiStudies';

/** Adds the namespace's texts to the i18n instance in use (once) before the screen's first `t` call. */
export function useLazyNamespace(ns: DelphiLazyNamespace, resources: Record<Language, object>): void {
  const { i18n } = useTranslation();
  for (const [language, bundle] of Object.entries(resources)) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle, true, true);
  }
}
