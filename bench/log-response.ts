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
  /** Responses the server reports stored for the benchmark's suite: equals ok2xx when nothing is lost. */
  stored: number;
}

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

export async function measureLogResponse(port: number): Promise<LogResponseFigures> {
  const origin = `http://127.0.0.1:${port}`;
  const headers = { 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE };
  const post = async <T>(descriptor: ApiDescriptor, body: unknown, id?: string): Promise<T> => {
    const response = await fetch(origin + API_BASE + resolvePath(descriptor, id), { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${descriptor.name}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const participant = `bench-${Date.now()}`;
  const { suite } = await post<{ suite: delphi.Suite }>(delphi.initLocalSuite, { _participantId: participant });
  const who = { participant, suite: suite._id };
  const now = Date.now();
  const game = (await post<delphi.LogAck>(delphi.startGame, { ...who, gameName: 'FlashMatch', _startedAt: now, timestamp: now, _clientId: `${participant}-game` }))._id;
  await post(delphi.startRound, { ...who, game, round: 'SZ_1', _clientId: `${participant}-round`, timestamp: now });
  const prompt = `${participant}-prompt`;
  await post(delphi.logPrompt, { ...who, game, round: 'SZ_1', _clientId: prompt, prompt: '3', _promptedAt: now });

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
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            ...who, game, round: 'SZ_1', prompt, _clientId: `${participant}-r${sequence++}`,
            response: 'ArrowRight', isCorrect: true, correctAnswer: 'ArrowRight', _respondedAt: Date.now(), attributes: { block: 'SZ_1' },
          }),
        }),
      },
    ],
  });
  const scores = await post<{ games: delphi.GameScores[] }>(delphi.getGameScores, who);
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ok2xx: result['2xx'],
    stored: scores.games[0]?.blocks.SZ_1?.totalResponses ?? 0,
  };
}
