/** The `delphiWordLinks` namespace: Word Links' texts, in its chunk only (ADR 004). */
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';

const dkChecked: typeof en = dk;

export function useWordLinksNamespace(): void {
  useLazyNamespace('delphiWordLinks', { en, dk: dkChecked });
}
