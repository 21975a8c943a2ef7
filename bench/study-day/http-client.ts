/**
 * The simulated browsers' HTTP (issue 27): JSON calls as the web client makes them (XHR header,
 * cookies kept per participant, keep-alive connections like a browser's), each timed and
 * counted by call and outcome. node:http, because the sub-app is chosen by the Host header.
 */
import { Agent, request } from 'node:http';
import { API_BASE, XHR_HEADER, XHR_HEADER_VALUE, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import type { CallStats } from './call-stats';

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** Keep-alive, as a browser holds its connections open: dropping them is one of the faults. */
export const agent = new Agent({ keepAlive: true, maxSockets: 2_000 });

/** A request left unanswered this long is counted as `timeout` (a hung request) and retried. */
const TIMEOUT_MS = 30_000;

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    private readonly stats: CallStats,
    /** The participant's own address, as the balancer passes it on (rate limits count per client). */
    private readonly forwardedFor: string,
    private readonly host = 'delphi.chi.localhost',
  ) {}

  cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One call; resolves with any HTTP answer, rejects when none came (reset, refused, timeout). */
  call(descriptor: ApiDescriptor, input: unknown, id?: string, host = this.host): Promise<Answer> {
    const started = performance.now();
    const name = descriptor.name;
    return new Promise<Answer>((resolve, reject) => {
      const body = descriptor.method === 'GET' ? undefined : JSON.stringify(input);
      const headers: Record<string, string> = { host, [XHR_HEADER]: XHR_HEADER_VALUE, 'x-forwarded-for': this.forwardedFor };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const jar = this.cookie();
      if (jar) headers.cookie = jar;
      const path = API_BASE + resolvePath(descriptor, id);
      const req = request({ host: '127.0.0.1', port: this.port, method: descriptor.method, path, headers, agent, timeout: TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          for (const c of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
            const [pair] = c.split(';');
            const at = pair?.indexOf('=') ?? -1;
            if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
          }
          const status = res.statusCode ?? 0;
          this.stats.record(name, performance.now() - started, String(status));
          resolve({ status, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (error) => {
          this.stats.record(name, performance.now() - started, 'reset');
          reject(error);
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => {
        this.stats.record(name, performance.now() - started, error.message === 'timeout' ? 'timeout' : 'no answer');
        reject(error);
      });
      req.end(body);
    });
  }
}
