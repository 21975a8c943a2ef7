/**
 * The participant's place in the study: participant id and suite id (kept in sessionStorage
 * so the hub survives a reload), the suite as the server last described it, the games this
 * browser has started (so a start still waiting in the outbox already counts as played),
 * and the current game.
 */
import { delphi } from '@chi/contract';
import { createStore, useStore } from '../../../shell/store';
import { localStore, sessionStore } from './safe-storage';

export interface SuiteSession {
  participantId: string;
  suiteId: string;
  /** Set when the page runs inside an allowed study frame: completion is posted there. */
  parentOrigin: string | null;
}

export interface CurrentGame {
  gameName: delphi.GameName;
  /** The startGame `_clientId`: the outbox maps it to the server's game id. */
  gameRef: string;
}

export interface SuiteState {
  session: SuiteSession | null;
  suite: delphi.Suite | null;
  started: readonly delphi.GameName[];
  current: CurrentGame | null;
}

const SESSION_KEY = 'chi.delphi.session';

function startedKey(session: SuiteSession): string {
  return `chi.delphi.started.${session.participantId}.${session.suiteId}`;
}

function readSession(): SuiteSession | null {
  try {
    const raw = sessionStore().getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SuiteSession>;
    if (typeof value.participantId !== 'string' || typeof value.suiteId !== 'string') return null;
    return { participantId: value.participantId, suiteId: value.suiteId, parentOrigin: value.parentOrigin ?? null };
  } catch {
    return null;
  }
}

function readStarted(session: SuiteSession | null): delphi.GameName[] {
  if (!session) return [];
  try {
    const list = JSON.parse(localStore().getItem(startedKey(session)) ?? '[]') as unknown[];
    return list.filter(delphi.isGameName);
  } catch {
    return [];
  }
}

function initialState(): SuiteState {
  const session = readSession();
  return { session, suite: null, started: readStarted(session), current: null };
}

export const suiteStore = createStore<SuiteState>(initialState());

/** Re-reads sessionStorage (tests, and a new participant link in the same tab). */
export function reloadSuiteStore(): void {
  suiteStore.set(initialState());
}

export function enterSuite(session: SuiteSession, suite: delphi.Suite): void {
  sessionStore().setItem(SESSION_KEY, JSON.stringify(session));
  suiteStore.set({ session, suite, started: readStarted(session), current: null });
}

export function setSuite(suite: delphi.Suite): void {
  suiteStore.set((state) => ({ ...state, suite }));
}

export function leaveSuite(): void {
  sessionStore().removeItem(SESSION_KEY);
  suiteStore.set({ session: null, suite: null, started: [], current: null });
}

export function markStarted(game: CurrentGame): void {
  const { session, started } = suiteStore.get();
  if (!session) return;
  // Merged with what other tabs stored meanwhile: writing only ours would drop theirs.
  const known = [...new Set([...readStarted(session), ...started])];
  const next = known.includes(game.gameName) ? known : [...known, game.gameName];
  localStore().setItem(startedKey(session), JSON.stringify(next));
  suiteStore.set((state) => ({ ...state, started: next, current: game }));
}

/** Ending a game clears the current game id (SPEC §4). */
export function clearCurrentGame(): void {
  suiteStore.set((state) => ({ ...state, current: null }));
}

/** Played: the server says so, or this browser started it (its start may still be in the outbox). */
export function isPlayed(state: SuiteState, gameName: delphi.GameName): boolean {
  if (state.started.includes(gameName)) return true;
  return state.suite?.games.some((g) => g.gameName === gameName && g.state === 'played') ?? false;
}

export function useSuiteState(): SuiteState {
  return useStore(suiteStore, (state) => state);
}
