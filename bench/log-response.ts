/**
 * `logResponse` under load (issue 4 benchmark): 50 connections for 10 s against the SQLite
 * default, each request a new response with its own `_clientId`, as the game outbox sends
 * them. Afterwards the stored count is read back, so a figure never hides lost or doubled rows.
 */
import autocannon from 'autocannon';
import { API_BASE, XHR_HEADER, XHR_HEADER_VALUE, delphi, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { planUnloadBatch } from '../apps/web/src/apps/delphi/outbox/unload-flush';
import type { OutboxRecord } from '../apps/web/src/apps/delphi/outbox/outbox';

export interface Throughput {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LogResponseFigures extends Throughput {
  ok2xx: number;
  /** Responses the server reports stored for the benchmark's suites: equals ok2xx when nothing is lost. */
  stored: number;
}

export interface LogRecordsFigures extends Throughput {
  /** Records in each batch: as many as the outbox puts in one (its keepalive byte budget, at most BATCH_MAX_RECORDS). */
  batchSize: number;
  batchesPerSecond: number;
  /** Records answered `ok` (stored now), records answered as already there (must be 0: every record is new), records refused. */
  acknowledged: number;
  duplicates: number;
  refused: number;
  /** Responses stored for the benchmark's suites: acknowledged ≤ stored ≤ acknowledged + one batch per connection in flight. */
  stored: number;
}

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

/** One participant per connection, each with a started game, round and prompt (as a real suite before its answers). */
async function setUpSuites(port: number, label: string) {
  const origin = `http://127.0.0.1:${port}`;
  const headers = { 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE };
  /** `cookie`: the suite's key (ADR 043), as the participant's browser sends it. */
  const post = async <T>(descriptor: ApiDescriptor, body: unknown, cookie = '', id?: string): Promise<{ body: T; setCookie: string }> => {
    const response = await fetch(origin + API_BASE + resolvePath(descriptor, id), { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${descriptor.name}: ${response.status} ${await response.text()}`);
    return { body: (await response.json()) as T, setCookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
  };

  // One participant per connection: each suite's logging limit (ADR 044) stays far away, as
  // for real participants, and the figure is the server's throughput, not the limit.
  const run = `bench-${label}-${Date.now()}`;
  const suites = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, index) => {
      const participant = `${run}-${index}`;
      const init = await post<{ suite: delphi.Suite }>(delphi.initLocalSuite, { _participantId: participant });
      const cookie = init.setCookie;
      const who = { participant, suite: init.body.suite._id };
      const now = Date.now();
      const gameClientId = `${participant}-game`;
      const game = (await post<delphi.LogAck>(delphi.startGame, { ...who, gameName: 'FlashMatch', _startedAt: now, timestamp: now, _clientId: gameClientId }, cookie)).body._id;
      await post(delphi.startRound, { ...who, game, round: 'SZ_1', _clientId: `${participant}-round`, timestamp: now }, cookie);
      const prompt = `${participant}-prompt`;
      await post(delphi.logPrompt, { ...who, game, round: 'SZ_1', _clientId: prompt, prompt: '3', _promptedAt: now }, cookie);
      return { who, cookie, game, gameClientId, prompt };
    }),
  );
  /** Responses the server counts in the suites' Flash Match block (the plot cells' source of truth is the rows). */
  const storedCount = async (): Promise<number> => {
    let stored = 0;
    for (const { who, cookie } of suites) {
      const scores = (await post<{ games: delphi.GameScores[] }>(delphi.getGameScores, who, cookie)).body;
      stored += scores.games[0]?.blocks.SZ_1?.totalResponses ?? 0;
    }
    return stored;
  };
  return { origin, headers, suites, storedCount };
}

/** A Flash Match answer as the game logs it (without the credential, which the single call adds and a batch carries once). */
function responseInput(game: string, prompt: string, clientId: string): Record<string, unknown> {
  return {
    game, round: 'SZ_1', prompt, _clientId: clientId,
    response: 'ArrowRight', isCorrect: true, correctAnswer: 'ArrowRight', _respondedAt: Date.now(), attributes: { block: 'SZ_1' },
  };
}

export async function measureLogResponse(port: number): Promise<LogResponseFigures> {
  const { origin, headers, suites, storedCount } = await setUpSuites(port, 'single');
  let sequence = 0;
  const result = await autocannon({
    url: origin + API_BASE + delphi.logResponse.path,
    headers: { ...headers, host: `delphi.chi.localhost:${port}` },
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        // A new body per request: every response is a new record with its own client id.
        setupRequest: (request) => {
          const n = sequence++;
          const { who, cookie, game, prompt } = suites[n % suites.length] as (typeof suites)[number];
          return {
            ...request,
            headers: { ...request.headers, cookie },
            body: JSON.stringify({ ...who, ...responseInput(game, prompt, `${who.participant}-r${n}`) }),
          };
        },
      },
    ],
  });
  const stored = await storedCount();
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ok2xx: result['2xx'],
    stored,
  };
}

/**
 * The batch form (LOG_RECORDS, record-batch.ts): the same answers as `measureLogResponse`, sent as
 * the outbox sends its pending records (unload-flush.ts's `planUnloadBatch`, so the batch is as
 * large as its keepalive budget lets it be). Every record's answer is counted from the bodies.
 */
export async function measureLogRecords(port: number): Promise<LogRecordsFigures> {
  const { origin, headers, suites, storedCount } = await setUpSuites(port, 'batch');
  let sequence = 0;
  const batchOf = (n: number) => {
    const { who, game, gameClientId, prompt } = suites[n % suites.length] as (typeof suites)[number];
    // More pending answers than one batch holds: the plan takes the oldest that fit.
    const pending: OutboxRecord[] = Array.from({ length: delphi.BATCH_MAX_RECORDS + 1 }, (_, i) => {
      const clientId = `${who.participant}-b${n}-${i}`;
      const { game: _game, ...input } = responseInput(game, prompt, clientId);
      return { _clientId: clientId, kind: 'logResponse', gameRef: gameClientId, input: { ...who, ...input } };
    });
    const batch = planUnloadBatch(pending, { [gameClientId]: game });
    if (!batch) throw new Error('the outbox planned no batch');
    return batch;
  };
  const batchSize = batchOf(0).records.length;
  let acknowledged = 0;
  let duplicates = 0;
  let refused = 0;
  const result = await autocannon({
    url: origin + API_BASE + delphi.logRecords.path,
    headers: { ...headers, host: `delphi.chi.localhost:${port}` },
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = sequence++;
          const { cookie } = suites[n % suites.length] as (typeof suites)[number];
          return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify(batchOf(n)) };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          for (const r of (JSON.parse(body) as { results: delphi.BatchResult[] }).results) {
            if (!r.ok) refused += 1;
            else if (r.duplicate) duplicates += 1;
            else acknowledged += 1;
          }
        },
      },
    ],
  });
  const stored = await storedCount();
  const batchesPerSecond = result.requests.average;
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    requestsPerSecond: Math.round(acknowledged / DURATION_SECONDS),
    batchesPerSecond: Math.round(batchesPerSecond * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    batchSize,
    acknowledged,
    duplicates,
    refused,
    stored,
  };
}
