/**
 * A gate in front of the real server for the Delphi log calls: slow (each call held for a
 * while, and dropped when the page that sent it is gone by then, as a request still on its way
 * when a page unloads), stalled start (as slow, but a game's start is held until its page is
 * gone: the page never learns the game's id) or down (the connection reset, as a server that
 * is unreachable). Pages
 * load through it at `http://<app>.chi.localhost:<gate port>`; everything else passes through.
 */
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { appUrl } from './server';

export type GateMode = 'open' | 'slow' | 'stall-start' | 'down';

export interface ApiGate {
  port: number;
  url(app: string | null, path?: string): string;
  setMode(mode: GateMode): void;
  /**
   * Resolves once no call has been held or on its way to the server for `quietMs` (the
   * browser sends at most six at a time; the rest follow as the first ones are answered).
   */
  settled(quietMs?: number): Promise<void>;
  close(): Promise<void>;
}

const LOG_CALL = /^\/api\/v1\/actions\/delphi\/(Game|Round|Prompt|Response|Record)\//;
const START_GAME = /^\/api\/v1\/actions\/delphi\/Game\/action\/startGame/;

export async function startApiGate(targetPort: number, slowMs = 800): Promise<ApiGate> {
  let mode: GateMode = 'open';
  let inFlight = 0;
  let lastActivity = Date.now();
  const done = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };

  const pass = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const upstream = forward({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', done);
    });
    upstream.on('error', () => {
      res.destroy();
      done();
    });
    upstream.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isLog = LOG_CALL.test(req.url ?? '');
      if (isLog && mode === 'down') {
        res.socket?.destroy();
        return;
      }
      inFlight += 1;
      lastActivity = Date.now();
      if (!isLog || mode === 'open') {
        pass(req, res, body);
        return;
      }
      if (mode === 'stall-start' && START_GAME.test(req.url ?? '')) {
        // Never answered: lost on the way once the page that sent it is gone.
        res.on('close', done);
        return;
      }
      setTimeout(() => {
        // The page that sent it is gone (and it was no keepalive request): lost on the way.
        if (res.socket === null || res.socket.destroyed) done();
        else pass(req, res, body);
      }, slowMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: (app, path) => appUrl(port, app, path),
    setMode(next) {
      mode = next;
    },
    async settled(quietMs = 2 * slowMs) {
      while (inFlight > 0 || Date.now() - lastActivity < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
