/** The `delphiColorCatch` namespace: Color Catch's texts, bundled with its lazy chunk only. */
import en from './en.json';
import dk from './dk.json';
import { useLazyNamespace } from '../../../i18n/lazy-namespaces';

const dkChecked: typeof en = dk;

export function useColorCatchNamespace(): void {
  useLazyNamespace('delphiColorCatch', { en, dk: dkChecked });
}
