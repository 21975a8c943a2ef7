/**
 * The participant's place in the study: participant id and suite id (kept in sessionStorage
 * so the hub survives a reload), the suite as the server last described it, the games this
 * browser has started (so a start still waiting in the outbox already counts as played),
 * and the current game.
 */
import { delphi } from '@chi/contract';
import { createStore, useStore } from '../../../shell/store';
import { localStore, sessionStore } from '../../../shell/durable-queue/safe-storage';

export interface SuiteSession {
  participantId: string;
  suiteId: string;
  /** Set when the page runs inside an allowed study frame: completion is posted there. */
  parentOrigin: string | null;
  /** Set when the participant came by a study link (`/s/<slug>`): how to ask the server for the suite again. */
  study?: StudyLink;
}

/** A study link's slug and URL parameters, as ENTER_STUDY takes them. */
export interface StudyLink {
  slug: string;
  params: Record<string, string>;
  /** A researcher's preview (`?preview=1`): marked on the server and left out of the data. */
  preview?: boolean;
}

function isStudyLink(value: unknown): value is StudyLink {
  if (typeof value !== 'object' || value === null) return false;
  const link = value as Partial<StudyLink>;
  return (
    typeof link.slug === 'string' &&
    typeof link.params === 'object' &&
    link.params !== null &&
    Object.values(link.params).every((v) => typeof v === 'string') &&
    (link.preview === undefined || typeof link.preview === 'boolean')
  );
}

export interface CurrentGame {
  gameName: delphi.GameName;
  /** The startGame `_clientId`: the outbox maps it to the server's game id. */
  gameRef: string;
}

/** How a game this browser started ended here: known before the server has the endGame. */
export type LocalOutcome = 'completed' | 'interrupted' | 'skipped';

/** What this browser knows of a game it started: its startGame `_clientId` and how it ended. */
export interface LocalGame {
  gameRef: string;
  outcome?: LocalOutcome;
}

export interface SuiteState {
  session: SuiteSession | null;
  suite: delphi.Suite | null;
  started: readonly delphi.GameName[];
  /** Per game started in this browser (any tab): its ref and local outcome. */
  local: Readonly<Partial<Record<delphi.GameName, LocalGame>>>;
  current: CurrentGame | null;
}

const SESSION_KEY = 'chi.delphi.session';

function isLocalOutcome(value: unknown): value is LocalOutcome {
  return value === 'completed' || value === 'interrupted' || value === 'skipped';
}

function startedKey(session: SuiteSession): string {
  return `chi.delphi.started.${session.participantId}.${session.suiteId}`;
}

function readSession(): SuiteSession | null {
  try {
    const raw = sessionStore().getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SuiteSession>;
    if (typeof value.participantId !== 'string' || typeof value.suiteId !== 'string') return null;
    const session: SuiteSession = { participantId: value.participantId, suiteId: value.suiteId, parentOrigin: value.parentOrigin ?? null };
    return isStudyLink(value.study) ? { ...session, study: value.study } : session;
  } catch {
    return null;
  }
}

function localKey(session: SuiteSession): string {
  return `chi.delphi.games.${session.participantId}.${session.suiteId}`;
}

function readLocal(session: SuiteSession | null): Partial<Record<delphi.GameName, LocalGame>> {
  if (!session) return {};
  try {
    const raw = JSON.parse(localStore().getItem(localKey(session)) ?? '{}') as Record<string, Partial<LocalGame>>;
    const games: Partial<Record<delphi.GameName, LocalGame>> = {};
    for (const [name, game] of Object.entries(raw)) {
      if (!delphi.isGameName(name) || typeof game.gameRef !== 'string') continue;
      games[name] = isLocalOutcome(game.outcome) ? { gameRef: game.gameRef, outcome: game.outcome } : { gameRef: game.gameRef };
    }
    return games;
  } catch {
    return {};
  }
}

/** Records what this browser knows of one game, merged with what other tabs stored meanwhile. */
function writeLocal(gameName: delphi.GameName, game: LocalGame): void {
  const { session } = suiteStore.get();
  if (!session) return;
  const next = { ...readLocal(session), [gameName]: game };
  localStore().setItem(localKey(session), JSON.stringify(next));
  suiteStore.set((state) => ({ ...state, local: next }));
}

/** How a game started in this browser ended (the first outcome stays, as on the server). */
export function markOutcome(gameName: delphi.GameName, gameRef: string, outcome: LocalOutcome): void {
  const known = readLocal(suiteStore.get().session)[gameName];
  if (known?.outcome) return;
  writeLocal(gameName, { gameRef: known?.gameRef ?? gameRef, outcome });
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
  return { session, suite: null, started: readStarted(session), local: readLocal(session), current: null };
}

export const suiteStore = createStore<SuiteState>(initialState());

/** Re-reads sessionStorage (tests, and a new participant link in the same tab). */
export function reloadSuiteStore(): void {
  suiteStore.set(initialState());
}

export function enterSuite(session: SuiteSession, suite: delphi.Suite): void {
  sessionStore().setItem(SESSION_KEY, JSON.stringify(session));
  suiteStore.set({ session, suite, started: readStarted(session), local: readLocal(session), current: null });
}

export function setSuite(suite: delphi.Suite): void {
  suiteStore.set((state) => ({ ...state, suite }));
}

export function leaveSuite(): void {
  sessionStore().removeItem(SESSION_KEY);
  suiteStore.set({ session: null, suite: null, started: [], local: {}, current: null });
}

export function markStarted(game: CurrentGame): void {
  const { session, started } = suiteStore.get();
  if (!session) return;
  // Merged with what other tabs stored meanwhile: writing only ours would drop theirs.
  const known = [...new Set([...readStarted(session), ...started])];
  const next = known.includes(game.gameName) ? known : [...known, game.gameName];
  localStore().setItem(startedKey(session), JSON.stringify(next));
  suiteStore.set((state) => ({ ...state, started: next, current: game }));
  writeLocal(game.gameName, { gameRef: game.gameRef });
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
