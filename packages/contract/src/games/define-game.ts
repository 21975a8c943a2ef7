/**
 * How a game declares itself (issue 28 item 2, ADR 064), as a jsPsych plugin declares its
 * `parameters` and `data`: its id, the steps of its progress bar, its settings (zod, with
 * defaults) and the zod schemas of the `attributes` its prompts and responses carry. The game's
 * log call is typed from it, the server checks records against it and the export's codebook
 * is written from it. Every attribute has a description (`.describe()`): the codebook's text.
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
}

/** Declares a game; keeps the literal types, so records are typed from the declaration. */
export function defineGame<
  const Id extends string,
  Settings extends z.ZodObject,
  Prompt extends AttributesSchema,
  Response extends AttributesSchema,
  const Steps extends readonly string[],
>(declaration: GameDeclaration<Id, Settings, Prompt, Response, Steps>): GameDeclaration<Id, Settings, Prompt, Response, Steps> {
  return declaration;
}

/** The attributes a game may give a prompt or response record (what its log call accepts). */
export type PromptAttributesOf<D extends GameDeclaration> = z.input<D['prompt']>;
export type ResponseAttributesOf<D extends GameDeclaration> = z.input<D['response']>;
export type SettingsOf<D extends GameDeclaration> = z.output<D['settings']>;
