/** The `delphiData` namespace (the researchers' /Data page), in that page's chunk only. */
import en from './en.json';
import dk from './dk.json';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';

const dkChecked: typeof en = dk;

export function useDataNamespace(): void {
  useLazyNamespace('delphiData', { en, dk: dkChecked });
}
