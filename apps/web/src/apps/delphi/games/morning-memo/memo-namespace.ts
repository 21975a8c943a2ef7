/** The `delphiMemo` namespace (Morning Memo's screens), in the game's chunk only. */
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';

const dkChecked: typeof en = dk;

export function useMemoNamespace(): void {
  useLazyNamespace('delphiMemo', { en, dk: dkChecked });
}
