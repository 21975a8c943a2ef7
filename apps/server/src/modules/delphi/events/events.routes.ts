/** Session events (public, the suite + participant pair as credential) and the researchers' funnel and timeline (manageApp). */
import type { FastifyInstance } from 'fastify';
import { delphi } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi-deps';
import { logEvent } from './events.service';
import { participantGuard } from '../suite-key';
import { studyFunnel } from './funnel';
import { participantTimeline } from './timeline';

export function registerEventRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const db = deps.database.db;
  const guard = participantGuard(deps);
  registerHandler(app, delphi.logEvent, async (input, { request }) => {
    await guard(request, input);
    return logEvent(db, input, request.headers['user-agent'] ?? '', deps.now());
  });
  registerHandler(app, delphi.getFunnel, (input) => studyFunnel(db, input.abandonMinutes, deps.now()));
  registerHandler(app, delphi.getTimeline, (input) => participantTimeline(db, input.suite));
}
