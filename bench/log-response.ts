/**
 * `logResponse` under load (issue 4 benchmark): 50 connections for 10 s against the SQLite
 * default, each request a new response with its own `_clientId`, as the game outbox sends
 * them. Afterwards the stored count is read back, so a figure never hides lost or doubled rows.
 */
import autocannon from 'autocannon';
import { API_BASE, XHR_HEADER, XHR_HEADER_VALUE, delphi, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';

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

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

export async function measureLogResponse(port: number): Promise<LogResponseFigures> {
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
  const run = `bench-${Date.now()}`;
  const suites = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, index) => {
      const participant = `${run}-${index}`;
      const init = await post<{ suite: delphi.Suite }>(delphi.initLocalSuite, { _participantId: participant });
      const cookie = init.setCookie;
      const who = { participant, suite: init.body.suite._id };
      const now = Date.now();
      const game = (await post<delphi.LogAck>(delphi.startGame, { ...who, gameName: 'FlashMatch', _startedAt: now, timestamp: now, _clientId: `${participant}-game` }, cookie)).body._id;
      await post(delphi.startRound, { ...who, game, round: 'SZ_1', _clientId: `${participant}-round`, timestamp: now }, cookie);
      const prompt = `${participant}-prompt`;
      await post(delphi.logPrompt, { ...who, game, round: 'SZ_1', _clientId: prompt, prompt: '3', _promptedAt: now }, cookie);
      return { who, cookie, game, prompt };
    }),
  );

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
            body: JSON.stringify({
              ...who, game, round: 'SZ_1', prompt, _clientId: `${who.participant}-r${n}`,
              response: 'ArrowRight', isCorrect: true, correctAnswer: 'ArrowRight', _respondedAt: Date.now(), attributes: { block: 'SZ_1' },
            }),
          };
        },
      },
    ],
  });
  let stored = 0;
  for (const { who, cookie } of suites) {
    const scores = (await post<{ games: delphi.GameScores[] }>(delphi.getGameScores, who, cookie)).body;
    stored += scores.games[0]?.blocks.SZ_1?.totalResponses ?? 0;
  }
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
