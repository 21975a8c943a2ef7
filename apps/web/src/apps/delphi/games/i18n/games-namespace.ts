/** The `delphiGames` namespace (shared game texts, Quiz Time, Flash Match), in the game chunks only. */
import en from './en.json';
import dk from './dk.json';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';

const dkChecked: typeof en = dk;

export function useGamesNamespace(): void {
  useLazyNamespace('delphiGames', { en, dk: dkChecked });
}
