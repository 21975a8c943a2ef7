/**
 * A game's records are typed from its declaration (ADR 064): `npm run typecheck` fails when a
 * game logs an undeclared or mistyped attribute (each `@ts-expect-error` below must be an
 * error, or tsc reports the directive as unused), and the test shows what was queued.
 */
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { delphi } from '@chi/contract';
import { Outbox } from '../outbox/outbox';
import { logRecord, type GameRun } from './game-run';
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

  it('has no declared record for a run of an unnamed game', () => {
    expectTypeOf<GameRecords<delphi.GameName>['logPrompt']>().toBeNever();
    expectTypeOf<GameRecords<'MimeMix'>['logResponse']>().not.toBeNever();
    expectTypeOf<ResponseAttributes<'MimeMix'>['cuedHalf']>().toEqualTypeOf<'top' | 'bottom'>();
  });

  it('declares every game and only the games', () => {
    expectTypeOf<delphi.DeclaredGameName>().toEqualTypeOf<delphi.GameName>();
  });
});
