/** The researchers' funnel and timeline (review+ in the study, ADR 074); session events are logged with the other records (record-calls.ts). */
import type { FastifyInstance } from 'fastify';
import { delphi } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi-deps';
import { studyFunnel } from './funnel';
import { participantTimeline } from './timeline';
import { dataScope, suiteStudy } from '../studies/data-scope';

export function registerEventRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const db = deps.database.db;
  registerHandler(app, delphi.getFunnel, async (input, { request }) => studyFunnel(db, await dataScope(db, request.user, input), input.abandonMinutes, deps.now()));
  registerHandler(app, delphi.getTimeline, async (input, { request }) => {
    await suiteStudy(db, request.user, input.suite, 'review');
    return participantTimeline(db, input.suite);
  });
}
