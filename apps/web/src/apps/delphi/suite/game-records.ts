/**
 * The records a game logs, typed from its declaration in the contract (ADR 064): a prompt's
 * and a response's `attributes` are exactly what the game declares, so a misspelt or
 * undeclared attribute does not compile (records.types.test.ts shows it). The call's own
 * fields are the contract's input; the credential, the server's game id and the record's
 * `_clientId` are filled in by the run and the outbox.
 */
import type { delphi, InputOf } from '@chi/contract';

/** What the run and the outbox fill in (`_declared`: the server checks the attributes exactly). */
type Filled = 'participant' | 'suite' | 'game' | '_clientId' | '_declared';

/** `attributes` may be left out only when the game declares none that every record has. */
type WithAttributes<A> = Record<never, never> extends A ? { attributes?: A } : { attributes: A };

/** True for a union of game names: the run of an unnamed game cannot log declared records. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

type Declared<G extends delphi.GameName> = delphi.DeclarationOf<G>;

export type PromptRecord<G extends delphi.GameName> = Omit<InputOf<typeof delphi.logPrompt>, Filled | 'attributes'> &
  WithAttributes<delphi.PromptAttributesOf<Declared<G>>>;

export type ResponseRecord<G extends delphi.GameName> = Omit<InputOf<typeof delphi.logResponse>, Filled | 'attributes'> &
  WithAttributes<delphi.ResponseAttributesOf<Declared<G>>>;

/** A round's start or end: its attributes are the game's own (not declared yet). */
export type RoundRecord = Omit<InputOf<typeof delphi.startRound>, Filled>;

/** The records a run of game G logs, by outbox kind. */
export interface GameRecords<G extends delphi.GameName> {
  logPrompt: true extends IsUnion<G> ? never : PromptRecord<G>;
  logResponse: true extends IsUnion<G> ? never : ResponseRecord<G>;
  startRound: RoundRecord;
  endRound: RoundRecord;
}
export type RecordKind = keyof GameRecords<delphi.GameName>;

/** A response's attributes as game G declares them (for a game's helpers that build them). */
export type ResponseAttributes<G extends delphi.GameName> = delphi.ResponseAttributesOf<Declared<G>>;
export type PromptAttributes<G extends delphi.GameName> = delphi.PromptAttributesOf<Declared<G>>;
