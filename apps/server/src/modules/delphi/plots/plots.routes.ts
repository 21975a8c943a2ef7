/** The /Data plot aggregates (manageApp, like /Data's other calls; ADR 027). */
import type { FastifyInstance } from 'fastify';
import { delphiPlots } from '@chi/contract';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi-deps';
import { accuracy, gameView, responseTimes } from './plot-aggregates';

export function registerPlotRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const { db, dialect } = deps.database;
  registerHandler(app, delphiPlots.plotResponseTimes, (input) => responseTimes(db, dialect, input));
  registerHandler(app, delphiPlots.plotAccuracy, (input) => accuracy(db, dialect, input));
  registerHandler(app, delphiPlots.plotGameView, (input) => gameView(db, dialect, input));
}
