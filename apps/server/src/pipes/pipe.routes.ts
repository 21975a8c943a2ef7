/**
 * GET /api/v1/pipes/{pipeName}: a pipe as Server-Sent Events (ADR 020). The reply is written
 * by hand (hijacked), so neither the compressor nor any other onSend hook buffers it: each
 * event reaches the browser when it is written. A reader starts after `Last-Event-ID` (sent
 * by EventSource when it reconnects) or `lastEventId`, else at the pipe's first event.
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, pipes } from '@chi/contract';
import { AppError, validationError } from '../http/app-error';
import { registerHandler } from '../http/registrar';
import type { PipeHub } from './pipe-hub';

/** A comment line now and then keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
const PIPE_NAME = /^[A-Za-z0-9_-]{8,64}$/;

function startAfter(header: string | string[] | undefined, query: string | undefined): number {
  const value = (Array.isArray(header) ? header[0] : header) ?? query;
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,15}$/.test(value)) throw validationError('Last-Event-ID must be an event id');
  return Number(value);
}

/** A clear 429 when a person already holds as many streams as allowed (issue 24). */
function tooManyStreams(max: number): AppError {
  return new AppError({
    name: 'Too Many Streams',
    message: `You already have ${max} live-update streams open (PIPE_STREAMS_PER_USER); close another tab or window of this site and try again`,
    code: 429,
  });
}

export function registerPipeRoutes(app: FastifyInstance, hub: PipeHub, maxStreamsPerUser: number): void {
  // Open streams end when the server closes; otherwise closing would wait for every browser.
  const streams = new Set<() => void>();
  /** Open streams per person in this process. */
  const perUser = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const stop of streams) stop();
  });

  registerHandler(app, pipes.events, async (input, { request, reply, id }) => {
    const user = request.user;
    if (user === null) throw new AppError(ERRORS.unauthorized);
    const pipe = id ?? '';
    if (!PIPE_NAME.test(pipe)) throw validationError('pipeName must be 8-64 letters, digits, _ or -');
    let last = startAfter(request.headers['last-event-id'], input.lastEventId);
    if (!(await hub.claim(pipe, user.id))) throw new AppError(ERRORS.forbidden);
    const held = perUser.get(user.id) ?? 0;
    if (held >= maxStreamsPerUser) throw tooManyStreams(maxStreamsPerUser);

    reply.hijack();
    const raw = reply.raw;
    // A stream is quiet between events by design: the idle time-out (IDLE_TIMEOUT_SECONDS) is not for it.
    request.raw.socket.setTimeout(0);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-content-type-options': 'nosniff',
      // nginx and similar proxies buffer unless told not to.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write('retry: 1000\n\n');

    let open = true;
    // Set by every notice, so one that arrives while we read is not slept through.
    const notice = { dirty: false };
    let wake: (() => void) | undefined;
    const unsubscribe = hub.subscribe(pipe, () => {
      notice.dirty = true;
      wake?.();
    });
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const stop = () => {
      open = false;
      wake?.();
    };
    streams.add(stop);
    // The response's close: the browser went away (the request's own close fires once its body is read).
    raw.on('close', stop);
    // Counted from here (nothing awaited since the check) until the finally below.
    perUser.set(user.id, held + 1);
    try {
      while (open) {
        notice.dirty = false;
        const rows = await hub.readAfter(pipe, last);
        for (const row of rows) {
          raw.write(`id: ${row.id}\ndata: ${row.data}\n\n`);
          last = row.id;
        }
        if (rows.length > 0 || notice.dirty || !open) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, hub.pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'pipe stream ended by an error');
    } finally {
      clearInterval(keepAlive);
      streams.delete(stop);
      const left = (perUser.get(user.id) ?? 1) - 1;
      if (left > 0) perUser.set(user.id, left);
      else perUser.delete(user.id);
      unsubscribe();
      raw.end();
    }
    return {};
  });
}
