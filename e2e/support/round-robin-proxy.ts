/**
 * A small load balancer for the scale-out test: every request goes to the next upstream in
 * turn (round robin), with the Host header kept and the client appended to X-Forwarded-For,
 * as nginx or a cloud balancer would. An upstream that refuses the connection (a killed
 * process) is skipped for that request, as a balancer's health check would soon do.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Hop {
  readonly upstream: number;
  readonly method: string;
  readonly url: string;
  readonly status: number;
}

export interface RoundRobinProxy {
  readonly port: number;
  /** Every forwarded request, in order, with the upstream port that answered it. */
  readonly hops: Hop[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function forwardedFor(request: IncomingMessage): string {
  const client = request.socket.remoteAddress ?? '';
  const before = request.headers['x-forwarded-for'];
  return before ? `${String(before)}, ${client}` : client;
}

export async function startRoundRobinProxy(upstreams: readonly number[]): Promise<RoundRobinProxy> {
  const hops: Hop[] = [];
  let next = 0;

  const send = (port: number, request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, 'x-forwarded-for': forwardedFor(request), 'content-length': String(body.length) },
        },
        (answer) => {
          hops.push({ upstream: port, method: request.method ?? '', url: request.url ?? '', status: answer.statusCode ?? 0 });
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('end', () => resolve(true));
          answer.on('error', () => resolve(true));
        },
      );
      // Refused or reset before an answer: this upstream is down, try the next one.
      upstream.on('error', () => resolve(response.headersSent));
      upstream.end(body);
    });

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      for (let tried = 0; tried < upstreams.length; tried++) {
        const port = upstreams[next % upstreams.length] ?? 0;
        next += 1;
        if (await send(port, request, body, response)) return;
      }
      response.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    hops,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
