/**
 * A page load that finds a game started but neither running in this page nor ended ends it
 * as interrupted, through the outbox (issue 18). The leaving page normally did that itself on
 * `pagehide`; this catches what that could not: a crash, a mobile browser discarding the tab,
 * a study iframe whose memory-only outbox died with the page. A game another tab is playing
 * (it holds the game's Web Lock) is left alone.
 */
import { delphi } from '@chi/contract';
import { getOutbox } from '../outbox/outbox-client';
import { interruptedEndInput, liveGameNames } from './game-run';
import { isGameLockFree } from './game-lock';
import { markOutcome, suiteStore, type SuiteState } from './suite-store';

export interface RecoveryCandidate {
  gameName: delphi.GameName;
  /** The startGame `_clientId` to end it under. */
  gameRef: string;
  /** The server's game id, when the suite says it. */
  gameId?: string;
}

/** Games started, not live here, not ended locally or on the server: the ones to end as interrupted. */
export function recoveryCandidates(state: SuiteState, live: readonly delphi.GameName[]): RecoveryCandidate[] {
  const out: RecoveryCandidate[] = [];
  for (const gameName of delphi.GAME_NAMES) {
    if (live.includes(gameName)) continue;
    const server = state.suite?.games.find((g) => g.gameName === gameName);
    if (server?.ended) continue;
    const local = state.local[gameName];
    if (local?.outcome) continue;
    const started = server?.state === 'played' || state.started.includes(gameName);
    if (!started) continue;
    const gameRef = local?.gameRef ?? (server?.gameId ? `srv-${server.gameId}` : undefined);
    if (!gameRef) continue;
    out.push({ gameName, gameRef, ...(server?.gameId ? { gameId: server.gameId } : {}) });
  }
  return out;
}

/** Ends every interrupted game found; safe to call on every page load and after every suite fetch. */
export async function recoverInterruptedGames(): Promise<void> {
  const state = suiteStore.get();
  const session = state.session;
  if (!session) return;
  const outbox = getOutbox(session.participantId, session.suiteId);
  for (const candidate of recoveryCandidates(state, liveGameNames())) {
    if (!(await isGameLockFree(session.suiteId, candidate.gameName))) continue;
    // Checked again after the wait: the participant may have started or ended it meanwhile.
    const now = suiteStore.get();
    if (liveGameNames().includes(candidate.gameName) || now.local[candidate.gameName]?.outcome) continue;
    if (candidate.gameId) outbox.rememberGameId(candidate.gameRef, candidate.gameId);
    // Without a known id (its startGame in another tab's records not adopted yet) the end
    // would be refused: wait for the suite (the hub asks the server) and try again then.
    if (!outbox.gameId(candidate.gameRef) && !outbox.pendingRecords().some((r) => r.kind === 'startGame' && r._clientId === candidate.gameRef)) continue;
    outbox.enqueue('endGame', candidate.gameRef, interruptedEndInput(session, { via: 'reload' }));
    markOutcome(candidate.gameName, candidate.gameRef, 'interrupted');
  }
}
