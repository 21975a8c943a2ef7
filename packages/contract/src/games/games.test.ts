/** The game declarations (ADR 064): today's games from their defaults, the codebook's reading, the server's exact check. */
import { describe, expect, it } from 'vitest';
import { GAME_NAMES, SUITE_OPTIONAL_GAMES } from '../actions/delphi-schemas';
import { GAME_DECLARATIONS, INTERRUPTION_ATTRIBUTES, declaredAttributes, defaultSettings, describeAttributes } from './index';

describe('game declarations', () => {
  it('declares every game of the suite under its name, with its progress steps', () => {
    expect(Object.keys(GAME_DECLARATIONS)).toEqual([...GAME_NAMES]);
    for (const name of GAME_NAMES) expect(GAME_DECLARATIONS[name].id).toBe(name);
    expect(GAME_DECLARATIONS.QuizTime.steps).toEqual(['welcome', 'socialScience', 'naturalScience', 'humanities', 'feedback']);
  });

  it('gives today’s games from the default settings: Word Links optional, the others with nothing to set', () => {
    expect(defaultSettings('WordLinks')).toEqual({ optional: true });
    expect(SUITE_OPTIONAL_GAMES).toEqual(['WordLinks']);
    for (const name of GAME_NAMES.filter((n) => n !== 'WordLinks')) expect(defaultSettings(name)).toEqual({});
    expect(GAME_DECLARATIONS.WordLinks.settings.safeParse({ optional: 'no' }).success).toBe(false);
  });

  it('reads an attribute for the codebook: type, values, range, presence and meaning', () => {
    const color = describeAttributes(GAME_DECLARATIONS.ColorCatch.response);
    expect(color.find((a) => a.name === 'clickedCell')).toEqual({
      name: 'clickedCell', type: 'integer', minValue: 0, maxValue: 15, optional: true, nullable: true,
      description: 'The cell clicked (0–15); null when the time ran out.',
    });
    expect(color.find((a) => a.name === 'earlierCells')).toMatchObject({ type: 'list of integer', optional: true, nullable: false });
    expect(describeAttributes(GAME_DECLARATIONS.MimeMix.prompt).find((a) => a.name === 'topEmotion')).toMatchObject({
      type: 'text', levels: ['happy', 'surprise', 'anger', 'fear', 'sad', 'disgust'], optional: false,
    });
    // Every attribute says what it is.
    for (const name of GAME_NAMES) {
      for (const kind of ['prompt', 'response'] as const) {
        for (const attribute of describeAttributes(GAME_DECLARATIONS[name][kind])) expect(attribute.description, `${name} ${kind} ${attribute.name}`).not.toBe('');
      }
    }
  });

  it('checks a declared record exactly: the required attributes, their types, no others', () => {
    const prompt = declaredAttributes('FlashMatch', 'prompt');
    expect(prompt.safeParse({ trial: 3, task: 'comparison' }).success).toBe(true);
    expect(prompt.safeParse({ trial: 3 }).success).toBe(false);
    expect(prompt.safeParse({ trial: 3, task: 'comparison', extra: 1 }).success).toBe(false);
    expect(declaredAttributes('FlashMatch', 'response').safeParse({}).success).toBe(true);
    expect(declaredAttributes('WordLinks', 'response').safeParse({
      slot: 0, attempt: 1, firstKeyAt: null, level: 1, practice: true, startWord: 'boat', accepted: false, reason: 'repeat', message: 'Write a noun…',
    }).success).toBe(true);
  });

  it('declares every game’s start, completed end and round records, each attribute described (ADR 068)', () => {
    for (const name of GAME_NAMES) {
      const { start, end, rounds } = GAME_DECLARATIONS[name];
      for (const [kind, schema] of Object.entries({ start, end, roundStart: rounds.start, roundEnd: rounds.end })) {
        for (const attribute of describeAttributes(schema)) expect(attribute.description, `${name} ${kind} ${attribute.name}`).not.toBe('');
      }
    }
    for (const attribute of describeAttributes(INTERRUPTION_ATTRIBUTES)) expect(attribute.description, `interruption ${attribute.name}`).not.toBe('');
    expect(describeAttributes(INTERRUPTION_ATTRIBUTES).find((a) => a.name === 'via')).toMatchObject({ levels: ['unload', 'link', 'navigation', 'reload'], optional: false });
  });

  it('checks starts, ends and rounds exactly too; an interrupted end by the suite’s declaration', () => {
    expect(declaredAttributes('FlashMatch', 'roundStart').safeParse({ task: 'search', seed: 11 }).success).toBe(true);
    expect(declaredAttributes('FlashMatch', 'roundStart').safeParse({ task: 'search', seed: 11, extra: 1 }).success).toBe(false);
    expect(declaredAttributes('QuizTime', 'roundEnd').safeParse({}).success).toBe(true);
    expect(declaredAttributes('WordLinks', 'start').safeParse({ skipped: true }).success).toBe(true);
    expect(declaredAttributes('WordLinks', 'end').safeParse({ level1: 71, level2: 64, global: 68 }).success).toBe(true);
    expect(declaredAttributes('MorningMemo', 'end').safeParse({ pleasure: 5 }).success).toBe(false);
    for (const name of GAME_NAMES) {
      expect(declaredAttributes(name, 'interruption').safeParse({ via: 'reload' }).success).toBe(true);
      expect(declaredAttributes(name, 'interruption').safeParse({ via: 'reload', responses: 3 }).success).toBe(false);
    }
  });
});
