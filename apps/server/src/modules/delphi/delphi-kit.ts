/**
 * Test helpers for the Delphi suites: calls as the delphi web client makes them, and a
 * participant with a suite, a started game and a round, ready to log into.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { delphi } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { call } from '../../test/account-kit';
import type { CallOptions } from '../../test/account-kit';
import type { TestApp } from '../../test/test-app';

export const DELPHI_HOST = 'delphi.chi.localhost';

/**
 * The participant's browser: the suite-key cookies (ADR 043) every init set, sent with every
 * call, as a browser would. One jar per test database (cookie names hold the suite id), shared
 * by a second app on it (test/second-app.ts); the server project's files share their modules
 * (vitest.config.ts), so one jar for the process would grow with every file.
 */
const browsers = new Map<string, Map<string, string>>();

export interface DelphiCallOptions extends CallOptions {
  /** `stranger`: a second browser that knows the ids but holds no suite key. */
  readonly browser?: 'own' | 'stranger';
}

export async function delphiCall(t: TestApp, descriptor: ApiDescriptor, payload: unknown = {}, options: DelphiCallOptions = {}): Promise<LightMyRequestResponse> {
  const { browser = 'own', ...rest } = options;
  let ownBrowser = browsers.get(t.dataDir);
  if (!ownBrowser) browsers.set(t.dataDir, (ownBrowser = new Map()));
  const jar = browser === 'own' ? [...ownBrowser].map(([name, value]) => `${name}=${value}`) : [];
  if (rest.session !== undefined) jar.push(`chi_session=${rest.session}`);
  const headers = jar.length > 0 ? { cookie: jar.join('; '), ...rest.headers } : rest.headers;
  const response = await call(t, descriptor, payload, { host: DELPHI_HOST, ...rest, ...(headers ? { headers } : {}) });
  if (browser === 'own') for (const c of response.cookies) if (c.name.startsWith('chi_dk_')) ownBrowser.set(c.name, c.value);
  return response;
}

/** A fresh client-generated id, as the outbox makes one per record. */
export const cid = (): string => randomUUID();

export async function ok<T = Record<string, unknown>>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const r = await response;
  if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${r.body}`);
  return r.json() as T;
}

export async function initSuite(t: TestApp, participant: string, options: DelphiCallOptions & { reset?: boolean } = {}): Promise<delphi.Suite> {
  const body = await ok<{ suite: delphi.Suite }>(
    delphiCall(t, delphi.initLocalSuite, { _participantId: participant, ...(options.reset ? { resetParticipantForTesting: true } : {}) }, options),
  );
  return body.suite;
}

export interface Playing {
  readonly participant: string;
  readonly suite: string;
  readonly game: string;
  readonly round: string;
  /** The credential every log call carries. */
  readonly who: { participant: string; suite: string };
}

/** A participant who has started `gameName` and its round `SZ_1`. */
export async function startPlaying(t: TestApp, participant: string, gameName: delphi.GameName = 'FlashMatch'): Promise<Playing> {
  const suite = (await initSuite(t, participant))._id;
  const who = { participant, suite };
  const at = Date.now();
  const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName, _startedAt: at, timestamp: at, _clientId: cid() })))._id;
  await ok(delphiCall(t, delphi.startRound, { ...who, game, round: 'SZ_1', _clientId: cid(), timestamp: at + 1 }));
  return { participant, suite, game, round: 'SZ_1', who };
}

/** Logs a prompt and its response; answers the response's `_clientId`. */
export async function answer(
  t: TestApp,
  p: Playing,
  fields: Record<string, unknown> = {},
  at: number = Date.now(),
): Promise<{ promptId: string; responseId: string }> {
  const promptId = cid();
  const responseId = cid();
  await ok(delphiCall(t, delphi.logPrompt, { ...p.who, game: p.game, round: p.round, _clientId: promptId, prompt: '123456', _promptedAt: at }));
  await ok(
    delphiCall(t, delphi.logResponse, {
      ...p.who, game: p.game, round: p.round, prompt: promptId, _clientId: responseId,
      response: 'right', isCorrect: true, _respondedAt: at + 420.5, ...fields,
    }),
  );
  return { promptId, responseId };
}

/** Rows of a table, counted the same way on both dialects. */
export async function countRows(t: TestApp, table: 'delphi_responses' | 'delphi_prompts' | 'delphi_rounds' | 'delphi_games' | 'delphi_suites'): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
