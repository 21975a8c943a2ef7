/**
 * The participant's record calls and what each one does, in one place: the single routes
 * (delphi.routes.ts, events.routes.ts) and the ordered batch (record-batch.ts) run the same
 * services with the same checks, so a record is stored the same way whichever way it came.
 */
import type { delphi } from '@chi/contract';
import type { z } from 'zod';
import { retryOnDeadlock } from '../../db/retry-deadlock';
import type { Admission } from './delphi-db';
import type { DelphiDeps } from './delphi-deps';
import { logEvent } from './events/events.service';
import { endGame, endRound, startGame, startRound } from './games.service';
import { logPrompt, logResponse } from './records.service';
import { checkGameStart } from './studies/study-run';

type Input<D extends { input: z.ZodType }> = z.output<D['input']>;

/** What a record call knows besides its input: endGame's path id, the browser's user agent (events). */
export interface RecordContext {
  readonly id?: string;
  readonly userAgent: string;
  /** The participant's checks left to the call itself (logResponse's single route, suite-key.ts `admission`). */
  readonly admit?: Admission;
}

export interface RecordServices {
  startGame(input: Input<typeof delphi.startGame>, ctx: RecordContext): Promise<delphi.LogAck>;
  endGame(input: Input<typeof delphi.endGame>, ctx: RecordContext): Promise<delphi.LogAck>;
  startRound(input: Input<typeof delphi.startRound>, ctx: RecordContext): Promise<delphi.LogAck>;
  endRound(input: Input<typeof delphi.endRound>, ctx: RecordContext): Promise<delphi.LogAck>;
  logPrompt(input: Input<typeof delphi.logPrompt>, ctx: RecordContext): Promise<delphi.LogAck>;
  logResponse(input: Input<typeof delphi.logResponse>, ctx: RecordContext): Promise<delphi.LogAck>;
  logEvent(input: Input<typeof delphi.logEvent>, ctx: RecordContext): Promise<delphi.LogAck>;
}

export function recordServices(deps: DelphiDeps): RecordServices {
  const db = deps.database.db;
  return {
    // A game of the participant's study only, after its consent (study-run.ts); the default study asks neither.
    startGame: async (input) => (await checkGameStart(db, input.suite, input.gameName), startGame(db, input, deps.now())),
    endGame: (input, { id }) => endGame(db, id ?? '', input, deps.now()),
    startRound: (input) => retryOnDeadlock(() => startRound(db, input, deps.now())),
    endRound: (input) => endRound(db, input, deps.now()),
    logPrompt: (input) => retryOnDeadlock(() => logPrompt(db, input, deps.now())),
    logResponse: (input, { admit }) => retryOnDeadlock(() => logResponse(db, input, deps.now(), admit)),
    logEvent: (input, { userAgent }) => logEvent(db, input, userAgent, deps.now()),
  };
}
