/** The `delphiGames` namespace (shared game texts, Quiz Time, Flash Match), in the game chunks only. */
import en from './games-en.json';
import dk from './games-dk.json';
import { useLazyNamespace } from './lazy-namespaces';

const dkChecked: typeof en = dk;

export function useGamesNamespace(): void {
  useLazyNamespace('delphiGames', { en, dk: dkChecked });
}
