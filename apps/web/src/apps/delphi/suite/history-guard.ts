/**
 * The browser's Back (or Forward) during a running game (issue 25, ADR 047). A game's screens
 * are one way (ADR 015): before this, Back to an earlier screen of the game was sent straight
 * forward again by the stage guard, which mounted the trial's screen anew — the participant saw
 * nothing happen, and the trial's record showed neither the press nor the time away.
 *
 * Now, while the run is live, every such press is recorded as a `back` attention event, joined
 * to the trial it fell in (ADR 026's rule: onset ≤ at ≤ response) and counted in
 * `attentionEvents`. Where the browser has the Navigation API, a step back *within* the game's
 * routes is cancelled before anything changes (its `navigate` event of type `traverse` fires
 * before the history moves and before the router hears of it), so the trial keeps its screen
 * and its onset; a step *out of* the game's routes goes ahead and the leave guard ends the game
 * as interrupted (leave-guard.tsx), as before. Without the API (or when the browser does not let
 * a page cancel: no user activation since the last cancel) the press is still recorded.
 */
import { eventEpoch } from '../../../game-kit/timing/timing';
import { isRunLive, type GameRun } from './game-run';

/** The part of the Navigation API used here (not yet in TypeScript's DOM library). */
interface TraverseEvent extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly destination: { readonly url: string };
  readonly cancelable: boolean;
}
type WithNavigation = Window & { navigation?: EventTarget };

/** True when `url`'s path is the game's route or one of its screens. */
function withinGame(url: string, basePath: string, base: string): boolean {
  const path = new URL(url, base).pathname;
  return path === basePath || path.startsWith(`${basePath}/`);
}

export function watchHistory(run: GameRun, basePath: string, logBack: (at: number) => void, win: Window = window): () => void {
  const navigation = (win as WithNavigation).navigation;
  if (navigation) {
    const onNavigate = (event: Event) => {
      const traverse = event as TraverseEvent;
      if (traverse.navigationType !== 'traverse' || !isRunLive(run)) return;
      logBack(eventEpoch(traverse));
      if (traverse.cancelable && withinGame(traverse.destination.url, basePath, win.location.href)) traverse.preventDefault();
    };
    navigation.addEventListener('navigate', onNavigate);
    return () => navigation.removeEventListener('navigate', onNavigate);
  }
  const onPopState = (event: PopStateEvent) => {
    if (isRunLive(run)) logBack(eventEpoch(event));
  };
  win.addEventListener('popstate', onPopState);
  return () => win.removeEventListener('popstate', onPopState);
}
