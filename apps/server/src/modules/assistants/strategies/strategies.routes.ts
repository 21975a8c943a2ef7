/** The quantum strategies list (issue 16 part 3): one call through the one registrar. */
import type { FastifyInstance } from 'fastify';
import { strategies } from '@chi/contract';
import type { Database } from '../../../db/database';
import { registerHandler } from '../../../http/registrar';
import { callerOf } from '../../documents/document-access';
import { listStrategies } from './strategies.service';

export function registerStrategyRoutes(app: FastifyInstance, deps: { database: Database }): void {
  const ctx = { db: deps.database.db, dialect: deps.database.dialect };
  registerHandler(app, strategies.listQuantumStrategyDocuments, (input, { request }) => listStrategies(ctx, callerOf(request.user), input));
}
