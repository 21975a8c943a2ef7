/**
 * One simulated participant (issue 27, ADR 067): opens the suite, then plays every game of the
 * plan, queuing each record in the web client's own outbox (apps/web's `Outbox`, with its retry
 * policy `classifyFailure` and back-off: same order, same `_clientId` idempotency keys, same
 * waits), and waits for the game's records to be saved before the next game, as the Feedback
 * screen does. Only the storage (memory instead of localStorage) and the transport (node:http
 * instead of fetch) differ; an unanswered call becomes an `ApiError` without status, as the
 * api client's is.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { delphi } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { Outbox, type OutboxKind, type OutboxTransport } from '../../apps/web/src/apps/delphi/outbox/outbox.ts';
import { backoffDelay, classifyFailure } from '../../apps/web/src/shell/durable-queue/retry-policy.ts';
import { ApiError, normaliseErrorResponse } from '../../apps/web/src/shell/api/errors.ts';
import type { Browser } from './http-client';
import { sampleRtMs, type GamePlan } from './suite-model';

const DESCRIPTORS: Record<OutboxKind, ApiDescriptor> = {
  startGame: delphi.startGame,
  endGame: delphi.endGame,
  startRound: delphi.startRound,
  endRound: delphi.endRound,
  logPrompt: delphi.logPrompt,
  logResponse: delphi.logResponse,
  logEvent: delphi.logEvent,
};

/** What the server acknowledged, by record kind and `_clientId`: compared with what is stored. */
export class Ledger {
  readonly acknowledged = { logPrompt: new Set<string>(), logResponse: new Set<string>() };
  deadLetters = 0;
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

async function answered<T>(browser: Browser, descriptor: ApiDescriptor, input: unknown, id?: string): Promise<T> {
  let answer;
  try {
    answer = await browser.call(descriptor, input, id);
  } catch (error) {
    throw new ApiError({ name: 'Network Error', message: error instanceof Error ? error.message : String(error) });
  }
  const body: unknown = answer.text ? JSON.parse(answer.text) : {};
  if (answer.status !== 200) throw normaliseErrorResponse(answer.status, body);
  return body as T;
}

export interface ParticipantOptions {
  readonly id: string;
  readonly browser: Browser;
  readonly plan: readonly GamePlan[];
  readonly thinkScale: number;
  readonly ledger: Ledger;
  /** Stop waiting for a game's records after this long (the suite then counts as not complete). */
  readonly flushTimeoutMs: number;
}

export type ParticipantResult = 'complete' | 'incomplete' | 'not started';

export async function runParticipant(o: ParticipantOptions): Promise<ParticipantResult> {
  const { browser, ledger } = o;
  // The suite entry: retried like every call (the page offers "try again"), same back-off.
  // As the page does: the tab's own key goes with every try, so a try whose answer was lost
  // after the server bound the suite is let back in (ADR 043, amended).
  const browserKey = randomBytes(32).toString('base64url');
  let suite: string | undefined;
  for (let attempt = 0; suite === undefined && attempt < 30; attempt++) {
    try {
      suite = (await answered<{ suite: delphi.Suite }>(browser, delphi.initLocalSuite, { _participantId: o.id, browserKey })).suite._id;
    } catch (error) {
      if (classifyFailure(error) === 'permanent') return 'not started';
      await sleep(backoffDelay(attempt, Math.random));
    }
  }
  if (suite === undefined) return 'not started';
  const who = { participant: o.id, suite };
  const transport: OutboxTransport = async (kind, input, id) => {
    const ack = await answered<{ _id: string }>(browser, DESCRIPTORS[kind], input, id);
    if (kind === 'logPrompt' || kind === 'logResponse') ledger.acknowledged[kind].add(String(input._clientId));
    return ack;
  };
  const outbox = new Outbox({
    storage: memoryStorage(),
    key: `chi.delphi.outbox.${o.id}.${suite}`,
    transport,
    classify: classifyFailure,
    onDeadLetter: () => { ledger.deadLetters += 1; },
  });
  outbox.start();
  const scaled = (ms: number) => sleep(ms * o.thinkScale);
  try {
    for (const game of o.plan) {
      const gameRef = randomUUID();
      const at = () => performance.timeOrigin + performance.now();
      outbox.enqueue('startGame', gameRef, { ...who, gameName: game.gameName, _startedAt: at(), timestamp: at(), attributes: {} }, gameRef);
      for (const [index, block] of game.blocks.entries()) {
        outbox.enqueue('logEvent', gameRef, { ...who, gameName: game.gameName, kind: 'step', at: at(), step: index, steps: game.blocks.length, stepName: block.round });
        outbox.enqueue('startRound', gameRef, { ...who, round: block.round, timestamp: at(), attributes: {} });
        for (const [trial, t] of block.trials.entries()) {
          await scaled(game.pauseMs);
          const promptedAt = at();
          const prompt = outbox.enqueue('logPrompt', gameRef, { ...who, round: block.round, prompt: `${game.gameName} ${trial}`, _promptedAt: promptedAt, attributes: { trial } });
          const rt = sampleRtMs();
          await scaled(rt);
          const response = t.correctAnswer;
          outbox.enqueue('logResponse', gameRef, {
            ...who, round: block.round, prompt, response, correctAnswer: t.correctAnswer, isCorrect: Math.random() < 0.9,
            ...(t.category ? { category: t.category } : {}), rtMs: rt, _respondedAt: promptedAt + rt,
          });
        }
        outbox.enqueue('endRound', gameRef, { ...who, round: block.round, timestamp: at(), attributes: {} });
      }
      outbox.enqueue('endGame', gameRef, { ...who, timestamp: at(), reason: 'completed', attributes: {} });
      // "Saving your answers…": the next game only once this one's records are acknowledged.
      const saved = await Promise.race([outbox.flush(gameRef).then(() => true), sleep(o.flushTimeoutMs).then(() => false)]);
      if (!saved) return 'incomplete';
    }
    return outbox.deadLetters().length === 0 ? 'complete' : 'incomplete';
  } finally {
    outbox.stop();
  }
}
