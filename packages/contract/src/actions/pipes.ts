/**
 * Pipes (issue 14, ADR 020): a named stream of Server-Sent Events that a call's background
 * work writes to (an assistant's answer, a file's indexing, later batch imports) and the
 * client reads with EventSource. Events are rows, so a reconnecting client resumes after the
 * last event id it saw (the `Last-Event-ID` header or `lastEventId`), on any server process.
 * A pipe belongs to the user who first names it; nobody else can read it.
 */
import { z } from 'zod';
import { defineRoute } from '../api';
import type { ApiDescriptor } from '../api';

/** GET /api/v1/pipes/{pipeName}: `text/event-stream`, each event `id:` + `data:` JSON. */
export const events = defineRoute({
  name: 'PIPE_EVENTS',
  summary: 'Server-Sent Events of a pipe (text/event-stream); resumes after Last-Event-ID or lastEventId.',
  method: 'GET',
  path: '/pipes/:id',
  withId: true,
  input: z.object({
    lastEventId: z.string().regex(/^\d{1,15}$/, { message: 'lastEventId must be an event id' }).optional(),
  }),
  output: z.object({}),
  access: 'read',
});

/** The URL path (under `/api/v1`) of a pipe's event stream. */
export function pipePath(pipeName: string): string {
  return events.path.replace(':id', encodeURIComponent(pipeName));
}

export const PIPE_DESCRIPTORS: readonly ApiDescriptor[] = [events];
