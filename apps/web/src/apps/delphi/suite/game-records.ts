/**
 * The records a game logs, typed from its declaration in the contract (ADR 064, 068): the
 * `attributes` of a prompt, a response, a round's start and end, and the game's start and
 * completed end are exactly what the game declares, so a misspelt or undeclared attribute does
 * not compile (game-records.types.test.ts shows it). The call's own fields are the contract's
 * input; the credential, the server's game id and the record's `_clientId` are filled in by the
 * run and the outbox.
 */
import type { delphi, InputOf } from '@chi/contract';

/** What the run and the outbox fill in (`_declared`: the server checks the attributes exactly). */
type Filled = 'participant' | 'suite' | 'game' | '_clientId' | '_declared';

/** `attributes` may be left out only when the game declares none that every record has. */
type WithAttributes<A> = Record<never, never> extends A ? { attributes?: A } : { attributes: A };

/** True for a union of game names: the run of an unnamed game cannot log declared records. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

type Declared<G extends delphi.GameName> = delphi.DeclarationOf<G>;

/** Game G's declared attributes of a kind; never for a union of games (an unnamed game's run). */
type Of<G extends delphi.GameName, A> = true extends IsUnion<G> ? never : A;

export type PromptAttributes<G extends delphi.GameName> = Of<G, delphi.PromptAttributesOf<Declared<G>>>;
/** A response's attributes as game G declares them (for a game's helpers that build them). */
export type ResponseAttributes<G extends delphi.GameName> = Of<G, delphi.ResponseAttributesOf<Declared<G>>>;
export type StartAttributes<G extends delphi.GameName> = Of<G, delphi.StartAttributesOf<Declared<G>>>;
/** A completed end's attributes (an interrupted end's are the suite's: delphi.InterruptionAttributes). */
export type EndAttributes<G extends delphi.GameName> = Of<G, delphi.EndAttributesOf<Declared<G>>>;
export type RoundStartAttributes<G extends delphi.GameName> = Of<G, delphi.RoundStartAttributesOf<Declared<G>>>;
export type RoundEndAttributes<G extends delphi.GameName> = Of<G, delphi.RoundEndAttributesOf<Declared<G>>>;

/** The attributes argument of a call: optional only when the game declares none that every record has. */
export type AttributesArgument<A> = Record<never, never> extends A ? [attributes?: A] : [attributes: A];

export type PromptRecord<G extends delphi.GameName> = Omit<InputOf<typeof delphi.logPrompt>, Filled | 'attributes'> & WithAttributes<PromptAttributes<G>>;

export type ResponseRecord<G extends delphi.GameName> = Omit<InputOf<typeof delphi.logResponse>, Filled | 'attributes'> &
  WithAttributes<ResponseAttributes<G>>;

type RoundFields = Omit<InputOf<typeof delphi.startRound>, Filled | 'attributes'>;
/** A round's start and end: their attributes are the game's `rounds` declaration (ADR 068). */
export type RoundStartRecord<G extends delphi.GameName> = RoundFields & WithAttributes<RoundStartAttributes<G>>;
export type RoundEndRecord<G extends delphi.GameName> = RoundFields & WithAttributes<RoundEndAttributes<G>>;

/** The records a run of game G logs, by outbox kind (a run of an unnamed game logs none). */
export interface GameRecords<G extends delphi.GameName> {
  logPrompt: Of<G, PromptRecord<G>>;
  logResponse: Of<G, ResponseRecord<G>>;
  startRound: Of<G, RoundStartRecord<G>>;
  endRound: Of<G, RoundEndRecord<G>>;
}
export type RecordKind = keyof GameRecords<delphi.GameName>;
