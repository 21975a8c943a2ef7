/** The creative-visions calls (issue 16 part 4, ADR 030): events, sittings, logging, gallery, search. */
import type { FastifyInstance } from 'fastify';
import { creavisions } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { validationError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../security/rate-limiter';
import type { UserDataRegistry } from '../account/user-data-registry';
import { limitKeyFailures } from '../keyed-session/key-failures';
import './creavisions-tables';
import { exportCsv, exportJson } from './creavisions-export';
import { aboutEvent, createEvent, eventDetails, eventLog, facilitatedEvent, listEvents, setEventStatus } from './events.service';
import { findSimilar, gallery } from './gallery.service';
import { logEntry } from './log.service';
import { createSession, readerOf, resumeSession } from './sessions.service';
import { signUpForEvent } from './sign-up.service';
import { registerCreavisionsPersonData } from './creavisions-person-data';

export interface CreavisionsDeps {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  readonly userData: UserDataRegistry;
}

export function registerCreavisionsRoutes(app: FastifyInstance, deps: CreavisionsDeps): void {
  const db = deps.database.db;

  registerHandler(app, creavisions.createEvent, (input, { request }) => createEvent(db, request.user, input, deps.now()));
  registerHandler(app, creavisions.listEvents, (_input, { request }) => listEvents(db, request.user));
  registerHandler(app, creavisions.getEvent, async (_input, { request, id }) => eventDetails(db, await facilitatedEvent(db, request.user, id)));
  registerHandler(app, creavisions.eventLog, async (input, { request, id }) => eventLog(db, await facilitatedEvent(db, request.user, id), input));
  registerHandler(app, creavisions.exportEvent, async (input, { request, reply, id }) => {
    const event = await facilitatedEvent(db, request.user, id);
    const day = deps.now().toISOString().slice(0, 10);
    const body = input.format === 'json' ? await exportJson(db, event) : await exportCsv(db, event);
    return reply
      .header('content-type', input.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="creavisions-${event.name}-${day}.${input.format}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  registerHandler(app, creavisions.closeEvent, async (_input, { request, id }) => setEventStatus(db, await facilitatedEvent(db, request.user, id), 'closed', deps.now()));
  registerHandler(app, creavisions.reopenEvent, async (_input, { request, id }) => setEventStatus(db, await facilitatedEvent(db, request.user, id), 'open', deps.now()));
  registerHandler(app, creavisions.eventAbout, (input) => aboutEvent(db, input.eventName, deps.now()));

  registerHandler(app, creavisions.createSession, async (input, { request }) => {
    if (input.sessionKey === undefined) return createSession(db, request.user, input, deps.now());
    // Only wrong keys count (issue 25 item 14): a class behind one NAT address all get in.
    return limitKeyFailures(deps.limiter, request, () => createSession(db, request.user, input, deps.now()));
  });
  registerHandler(app, creavisions.resumeSession, (input) => resumeSession(db, input, deps.now()));
  registerHandler(app, creavisions.signUp, (input, { request }) => signUpForEvent({ db, config: deps.config, mailer: deps.mailer, limiter: deps.limiter, now: deps.now }, input, request));
  registerHandler(app, creavisions.logEntry, (input, { id }) => {
    const name = creavisions.eventNameSchema.safeParse(id);
    if (!name.success) throw validationError(`eventName: ${creavisions.EVENT_NAME_MESSAGE}`);
    return logEntry(db, name.data, input, deps.now());
  });
  registerHandler(app, creavisions.gallery, async (input, { request }) => gallery(db, await readerOf(db, request.user, input.eventName, input, deps.now()), input));
  registerHandler(app, creavisions.findSimilar, async (input, { request }) =>
    findSimilar(db, deps.database.dialect, await readerOf(db, request.user, input.eventName, input, deps.now()), input),
  );

  registerCreavisionsPersonData(deps.userData);
}
