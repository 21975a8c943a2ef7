/**
 * How a game declares itself (issue 28 item 2, ADR 064), as a jsPsych plugin declares its
 * `parameters` and `data`: its id, the steps of its progress bar, its settings (zod, with
 * defaults) and the zod schemas of the `attributes` its records carry: prompts and responses
 * (ADR 064), the game's start and completed end, and its rounds' starts and ends (ADR 068). The
 * game's log calls are typed from it, the server checks records against it and the export's
 * codebook is written from it. Every attribute has a description (`.describe()`): the codebook's
 * text. A declaration only grows: a new attribute is optional, none is removed or retyped.
 */
import type { z } from 'zod';

/** An attributes schema: an object of described fields (JSON values only). */
export type AttributesSchema = z.ZodObject;

export interface GameDeclaration<
  Id extends string = string,
  Settings extends z.ZodObject = z.ZodObject,
  Prompt extends AttributesSchema = AttributesSchema,
  Response extends AttributesSchema = AttributesSchema,
  Steps extends readonly string[] = readonly string[],
  Start extends AttributesSchema = AttributesSchema,
  End extends AttributesSchema = AttributesSchema,
  RoundStart extends AttributesSchema = AttributesSchema,
  RoundEnd extends AttributesSchema = AttributesSchema,
> {
  /** The game's name as stored and exported (one of GAME_NAMES). */
  readonly id: Id;
  /** One sentence for the codebook: what the game measures. */
  readonly summary: string;
  /** The progress bar's steps, in order: i18n keys of the game's `steps.*` texts (/Data names steps from them too). */
  readonly steps: Steps;
  /** What a study may set; every field has a default, so `settings.parse({})` is today's game. */
  readonly settings: Settings;
  /** The `attributes` of the game's logPrompt records. */
  readonly prompt: Prompt;
  /** The `attributes` of the game's logResponse records (the export's `attributes` column). */
  readonly response: Response;
  /** The `attributes` of the game's startGame record: how this play is set up (seeds, levels…). */
  readonly start: Start;
  /** The `attributes` of its endGame record when completed (an interrupted end carries INTERRUPTION_ATTRIBUTES). */
  readonly end: End;
  /** The `attributes` of its startRound and endRound records (games without rounds declare none). */
  readonly rounds: { readonly start: RoundStart; readonly end: RoundEnd };
}

/** Declares a game; keeps the literal types, so records are typed from the declaration. */
export function defineGame<
  const Id extends string,
  Settings extends z.ZodObject,
  Prompt extends AttributesSchema,
  Response extends AttributesSchema,
  const Steps extends readonly string[],
  Start extends AttributesSchema,
  End extends AttributesSchema,
  RoundStart extends AttributesSchema,
  RoundEnd extends AttributesSchema,
>(
  declaration: GameDeclaration<Id, Settings, Prompt, Response, Steps, Start, End, RoundStart, RoundEnd>,
): GameDeclaration<Id, Settings, Prompt, Response, Steps, Start, End, RoundStart, RoundEnd> {
  return declaration;
}

/** The attributes a game may give a record of each kind (what its log call accepts). */
export type PromptAttributesOf<D extends GameDeclaration> = z.input<D['prompt']>;
export type ResponseAttributesOf<D extends GameDeclaration> = z.input<D['response']>;
export type StartAttributesOf<D extends GameDeclaration> = z.input<D['start']>;
export type EndAttributesOf<D extends GameDeclaration> = z.input<D['end']>;
export type RoundStartAttributesOf<D extends GameDeclaration> = z.input<D['rounds']['start']>;
export type RoundEndAttributesOf<D extends GameDeclaration> = z.input<D['rounds']['end']>;
export type SettingsOf<D extends GameDeclaration> = z.output<D['settings']>;
