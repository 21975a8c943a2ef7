/**
 * Every game's declaration (ADR 064), in the hub's order: the one list the contract, the
 * server's record checks, the export's codebook and the games' progress bars read. A new game
 * is its own file here plus one line in GAME_DECLARATIONS: GAME_NAMES is derived from it (ADR 069).
 */
import type { z } from 'zod';
import { COLOR_CATCH } from './color-catch';
import { FLASH_MATCH } from './flash-match';
import { MIME_MIX } from './mime-mix';
import { MORNING_MEMO } from './morning-memo';
import { QUIZ_TIME } from './quiz-time';
import { WORD_LINKS } from './word-links';
import type { AttributesSchema, GameDeclaration } from './define-game';
import { INTERRUPTION_ATTRIBUTES } from './interruption';

export * from './define-game';
export * from './attribute-info';
export * from './interruption';
export { COLOR_CATCH, FLASH_MATCH, MIME_MIX, MORNING_MEMO, QUIZ_TIME, WORD_LINKS };

/** The declarations by game name, in the hub's order. */
export const GAME_DECLARATIONS = {
  QuizTime: QUIZ_TIME,
  FlashMatch: FLASH_MATCH,
  WordLinks: WORD_LINKS,
  ColorCatch: COLOR_CATCH,
  MimeMix: MIME_MIX,
  MorningMemo: MORNING_MEMO,
} as const;
export type DeclaredGameName = keyof typeof GAME_DECLARATIONS;
export type DeclarationOf<G extends DeclaredGameName> = (typeof GAME_DECLARATIONS)[G];

/** Each declaration is listed under its own id (a game stored under another name would not compile). */
GAME_DECLARATIONS satisfies { readonly [G in DeclaredGameName]: { readonly id: G } };

/** The games' names in the hub's order, derived from the declarations (`delphi.GAME_NAMES`). */
export const DECLARED_GAME_NAMES = Object.keys(GAME_DECLARATIONS) as readonly DeclaredGameName[] as readonly [DeclaredGameName, ...DeclaredGameName[]];

/** A game's settings when nothing was set: today's game. */
export function defaultSettings<G extends DeclaredGameName>(game: G): z.output<DeclarationOf<G>['settings']> {
  return GAME_DECLARATIONS[game].settings.parse({}) as z.output<DeclarationOf<G>['settings']>;
}

/** The games whose default settings make them optional for the participant (the suite is complete without them). */
export function optionalGames(): DeclaredGameName[] {
  return (Object.keys(GAME_DECLARATIONS) as DeclaredGameName[]).filter((game) => {
    const settings: Record<string, unknown> = defaultSettings(game);
    return settings.optional === true;
  });
}

/**
 * The records whose `attributes` a game declares: prompts and responses (ADR 064), its start,
 * its completed end and an interrupted end, its rounds' starts and ends (ADR 068). The value
 * names them in the server's refusal ("as FlashMatch declares its round starts").
 */
export const RECORD_KINDS = {
  prompt: 'prompts',
  response: 'responses',
  start: 'game starts',
  end: 'completed game ends',
  interruption: 'interrupted game ends',
  roundStart: 'round starts',
  roundEnd: 'round ends',
} as const;
export type RecordKind = keyof typeof RECORD_KINDS;

/** The schema a game declares for one kind of record (an interrupted end: the suite's, the same for every game). */
function schemaOf(declaration: GameDeclaration, kind: RecordKind): AttributesSchema {
  switch (kind) {
    case 'interruption':
      return INTERRUPTION_ATTRIBUTES;
    case 'roundStart':
      return declaration.rounds.start;
    case 'roundEnd':
      return declaration.rounds.end;
    default:
      return declaration[kind];
  }
}

const checked = new Map<string, z.ZodType<Record<string, unknown>>>();

/**
 * What the server requires of a declared record's `attributes` (ADR 064, 068): exactly the
 * game's declaration: every required attribute, each of its declared type, no other. A
 * declaration only grows (a new attribute is optional; none is removed or retyped), so a record
 * queued under an earlier declaration still passes.
 */
export function declaredAttributes(game: DeclaredGameName, kind: RecordKind): z.ZodType<Record<string, unknown>> {
  const key = `${game}:${kind}`;
  let schema = checked.get(key);
  if (!schema) {
    schema = schemaOf(GAME_DECLARATIONS[game], kind).strict() as z.ZodType<Record<string, unknown>>;
    checked.set(key, schema);
  }
  return schema;
}
