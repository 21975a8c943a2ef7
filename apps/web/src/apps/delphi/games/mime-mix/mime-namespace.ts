/** The `delphiMimeMix` namespace: Mime Mix's texts, bundled with its lazy chunk only (ADR 004). */
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';

const dkChecked: typeof en = dk;

export function useMimeNamespace(): void {
  useLazyNamespace('delphiMimeMix', { en, dk: dkChecked });
}
