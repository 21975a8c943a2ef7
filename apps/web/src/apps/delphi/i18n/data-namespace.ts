/** The `delphiData` namespace (the researchers' /Data page), in that page's chunk only. */
import en from './data-en.json';
import dk from './data-dk.json';
import { useLazyNamespace } from './lazy-namespaces';

const dkChecked: typeof en = dk;

export function useDataNamespace(): void {
  useLazyNamespace('delphiData', { en, dk: dkChecked });
}
