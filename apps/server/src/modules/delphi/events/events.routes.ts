/** The researchers' funnel and timeline (manageApp); session events are logged with the other records (record-calls.ts). */
import type { FastifyInstance } from 'fastify';
import { delphi } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi-deps';
import { studyFunnel } from './funnel';
import { participantTimeline } from './timeline';

export function registerEventRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const db = deps.database.db;
  registerHandler(app, delphi.getFunnel, (input) => studyFunnel(db, input.abandonMinutes, deps.now()));
  registerHandler(app, delphi.getTimeline, (input) => participantTimeline(db, input.suite));
}
