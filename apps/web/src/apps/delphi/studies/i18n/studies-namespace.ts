/** The `delphiStudies` namespace (the researchers' /Studies pages), in those pages' chunk only. */
import en from './en.json';
import dk from './dk.json';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';

const dkChecked: typeof en = dk;

export function useStudiesNamespace(): void {
  useLazyNamespace('delphiStudies', { en, dk: dkChecked });
}
