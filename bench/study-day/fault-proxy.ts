/**
 * The study day's load balancer (issue 27): round robin over the server processes, as nginx
 * does by default — a process that refuses the connection (killed) is skipped for that request;
 * a request whose process died after it was sent is answered 502 (not re-sent: a balancer does
 * not repeat a POST). Keep-alive on both sides, and one fault of its own: `dropAll()` closes
 * every client connection at once, requests in flight included (a balancer's restart).
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface FaultProxy {
  readonly port: number;
  /** Why requests failed at the balancer (502s and skipped upstreams), by error code. */
  readonly upstreamErrors: Record<string, number>;
  dropAll(): number;
  close(): Promise<void>;
}

function forwardedFor(request: IncomingMessage): string {
  const client = request.socket.remoteAddress ?? '';
  const before = request.headers['x-forwarded-for'];
  return before ? `${String(before)}, ${client}` : client;
}

export async function startFaultProxy(upstreams: readonly number[], port = 0): Promise<FaultProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const clients = new Set<Socket>();
  const upstreamErrors: Record<string, number> = {};
  let next = 0;

  const forward = (upstream: number, request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<'done' | 'refused'> =>
    new Promise((resolve) => {
      const out = httpRequest(
        {
          host: '127.0.0.1', port: upstream, method: request.method, path: request.url, agent,
          headers: { ...request.headers, connection: 'keep-alive', 'x-forwarded-for': forwardedFor(request), 'content-length': String(body.length) },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('end', () => resolve('done'));
          answer.on('error', () => { response.destroy(); resolve('done'); });
        },
      );
      out.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message;
        upstreamErrors[code] = (upstreamErrors[code] ?? 0) + 1;
        if (error.code === 'ECONNREFUSED' && !response.headersSent) return resolve('refused');
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed');
        else response.destroy();
        resolve('done');
      });
      out.end(body);
    });

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => undefined);
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        // Each process once, from this request's turn on (concurrent requests move `next` meanwhile).
        const first = next++;
        for (let tried = 0; tried < upstreams.length; tried++) {
          const upstream = upstreams[(first + tried) % upstreams.length] ?? 0;
          if ((await forward(upstream, request, body, response)) === 'done') return;
        }
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
      })();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    upstreamErrors,
    dropAll() {
      const n = clients.size;
      for (const socket of clients) socket.destroy();
      return n;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of clients) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
