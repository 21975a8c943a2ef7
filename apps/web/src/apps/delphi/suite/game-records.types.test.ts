/**
 * A game's records are typed from its declaration (ADR 064, 068): `npm run typecheck` fails when a
 * game logs an undeclared or mistyped attribute (prompts, responses, rounds, its start and end) (each `@ts-expect-error` below must be an
 * error, or tsc reports the directive as unused), and the test shows what was queued.
 */
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { delphi } from '@chi/contract';
import { Outbox } from '../outbox/outbox';
import { endGameRun, interruptRun, logRecord, startGameRun, startRoundOnce, type GameRun } from './game-run';
import type { GameRecords, ResponseAttributes } from './game-records';

function runOf<G extends delphi.GameName>(gameName: G): GameRun<G> {
  const outbox = new Outbox({ storage: { getItem: () => null, setItem: () => undefined }, key: 'k', transport: vi.fn(async () => ({ _id: 'x' })), classify: () => 'retry' });
  outbox.stop();
  return { gameName, gameRef: 'g1', outbox, session: { participantId: 'P1', suiteId: 'S1', parentOrigin: null }, answers: [], position: {}, ended: false, interrupted: false, release: () => undefined };
}

describe('records typed from the game declarations', () => {
  it('takes the declared attributes and refuses any other at compile time', () => {
    const flash = runOf('FlashMatch');
    logRecord(flash, 'logPrompt', { round: 'SZ_1', prompt: '123', _promptedAt: 1, attributes: { trial: 0, task: 'search' } });
    // A misspelt attribute: not declared by Flash Match.
    // @ts-expect-error -- `trail` is not a declared prompt attribute
    logRecord(flash, 'logPrompt', { round: 'SZ_1', prompt: '123', _promptedAt: 1, attributes: { trail: 0, task: 'search' } });
    // A declared attribute of the wrong type.
    // @ts-expect-error -- `task` is 'search' or 'comparison'
    logRecord(flash, 'logPrompt', { round: 'SZ_1', prompt: '123', _promptedAt: 1, attributes: { trial: 0, task: 'memory' } });
    // Flash Match declares no response attributes: none may be logged.
    // @ts-expect-error -- no response attributes are declared
    logRecord(flash, 'logResponse', { _respondedAt: 2, attributes: { trial: 0 } });

    const color = runOf('ColorCatch');
    // The game kit's display timing (optional attributes, issue 28 item 6).
    logRecord(color, 'logPrompt', { prompt: 'blue r1c1', _promptedAt: 1, attributes: { kind: 'flash', trial: 0, color: 'blue', plannedMs: 750, shownMs: 750.2, readyShownMs: 800 } });
    logRecord(color, 'logResponse', { _respondedAt: 2, attributes: { level: 'L1', trial: 0, color: 'blue' } });
    // @ts-expect-error -- a required attribute (the colour) is missing
    logRecord(color, 'logResponse', { _respondedAt: 2, attributes: { level: 'L1', trial: 0 } });
    // @ts-expect-error -- another game's attribute
    logRecord(color, 'logResponse', { _respondedAt: 2, attributes: { level: 'L1', trial: 0, color: 'blue', timedOut: true } });

    // Queued as given (the server checks the types again; ADR 064).
    expect(flash.outbox.pendingCount()).toBe(4);
    expect(color.outbox.pendingCount()).toBe(4);
  });

  it("types a game's start, completed end and rounds from its declaration (ADR 068)", () => {
    const flash = runOf('FlashMatch');
    startRoundOnce(flash, 'SZ_1', 1, { task: 'search', seed: 11 });
    // @ts-expect-error -- `tsak` is not a declared round-start attribute
    startRoundOnce(flash, 'SZ_2', 1, { tsak: 'search', seed: 12 });
    // @ts-expect-error -- Flash Match's round start declares required attributes
    startRoundOnce(flash, 'VS_1', 1);
    logRecord(flash, 'endRound', { round: 'SZ_1', timestamp: 2, attributes: { responses: 42 } });
    // @ts-expect-error -- `responses` misspelt
    logRecord(flash, 'endRound', { round: 'SZ_1', timestamp: 2, attributes: { response: 42 } });
    // @ts-expect-error -- a declared round-end attribute of the wrong type
    logRecord(flash, 'endRound', { round: 'SZ_1', timestamp: 2, attributes: { responses: '42' } });

    // Quiz Time's rounds (its categories) declare no attributes: none may be logged.
    const quiz = runOf('QuizTime');
    startRoundOnce(quiz, 'Humanities', 1);
    // @ts-expect-error -- no round-start attributes are declared
    startRoundOnce(quiz, 'Natural Science', 1, { category: 'Natural Science' });

    // Starts are typed too; compiled, not run (a start needs a participant's suite).
    const compiledOnly = () => {
      startGameRun('QuizTime', { questions: 30, optionSeed: 7 });
      // @ts-expect-error -- `optionSeed` misspelt
      startGameRun('QuizTime', { questions: 30, optonSeed: 7 });
      // @ts-expect-error -- Mime Mix declares required start attributes
      startGameRun('MimeMix');
      startGameRun('WordLinks', { skipped: true });
      // @ts-expect-error -- another game's start attribute
      startGameRun('WordLinks', { levels: 2, blocks: ['SZ_1'] });
      // @ts-expect-error -- the end of a game is what the game declares
      endGameRun(flash, { answers: 1 });
      // @ts-expect-error -- Morning Memo's `microphone` is 'none' or absent
      endGameRun(runOf('MorningMemo'), { pleasure: 5, arousal: 5, microphone: 'broken' });
    };
    expect(compiledOnly).toBeTypeOf('function');

    endGameRun(flash, { responses: 168 });
    // Every record is marked declared: the server checks its attributes exactly.
    const queued = flash.outbox.pendingRecords().map((r) => ({ kind: r.kind, declared: r.input._declared, attributes: r.input.attributes }));
    expect(queued).toEqual([
      { kind: 'startRound', declared: true, attributes: { task: 'search', seed: 11 } },
      { kind: 'startRound', declared: true, attributes: { tsak: 'search', seed: 12 } },
      { kind: 'startRound', declared: true, attributes: {} },
      { kind: 'endRound', declared: true, attributes: { responses: 42 } },
      { kind: 'endRound', declared: true, attributes: { response: 42 } },
      { kind: 'endRound', declared: true, attributes: { responses: '42' } },
      { kind: 'endGame', declared: true, attributes: { responses: 168 } },
    ]);
    expect(quiz.outbox.pendingCount()).toBe(2);
  });

  it("types an interrupted end by the suite's declaration, the same for every game", () => {
    const mime = runOf('MimeMix');
    interruptRun(mime, 'link');
    // @ts-expect-error -- how a participant leaves is one of the declared ways
    interruptRun(runOf('MimeMix'), 'closed');
    const end = mime.outbox.pendingRecords().find((r) => r.kind === 'endGame');
    expect(end?.input).toMatchObject({ reason: 'interrupted', _declared: true, attributes: { via: 'link', answers: 0 } });
  });

  it('has no declared record for a run of an unnamed game', () => {
    expectTypeOf<GameRecords<delphi.GameName>['logPrompt']>().toBeNever();
    expectTypeOf<GameRecords<delphi.GameName>['startRound']>().toBeNever();
    expectTypeOf<GameRecords<'WordLinks'>['endRound']['attributes']['matrix']>().toEqualTypeOf<number[][]>();
    expectTypeOf<GameRecords<'MimeMix'>['logResponse']>().not.toBeNever();
    expectTypeOf<ResponseAttributes<'MimeMix'>['cuedHalf']>().toEqualTypeOf<'top' | 'bottom'>();
  });

  it('declares every game and only the games', () => {
    expectTypeOf<delphi.DeclaredGameName>().toEqualTypeOf<delphi.GameName>();
  });
});
