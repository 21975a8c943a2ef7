/** The /Data plot aggregates (review+ in the study, like /Data's other calls; ADR 027, 074). */
import type { FastifyInstance } from 'fastify';
import { delphiPlots } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi-deps';
import { accuracy, gameView, responseTimes } from './plot-aggregates';
import { dataScope } from '../studies/data-scope';

export function registerPlotRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const { db, dialect } = deps.database;
  registerHandler(app, delphiPlots.plotResponseTimes, async (input, { request }) => responseTimes(db, dialect, input, await dataScope(db, request.user, input)));
  registerHandler(app, delphiPlots.plotAccuracy, async (input, { request }) => accuracy(db, dialect, input, await dataScope(db, request.user, input)));
  registerHandler(app, delphiPlots.plotGameView, async (input, { request }) => gameView(db, dialect, input, await dataScope(db, request.user, input)));
}
