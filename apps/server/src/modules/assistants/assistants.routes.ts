/**
 * Assistants and threads (SPEC §7 Assistants, issue 14): each descriptor calls one function of
 * assistants.service.ts, which authorises, changes through assistants.repo.ts and presents.
 */
import type { FastifyInstance } from 'fastify';
import { assistants } from '@chi/contract';
import { registerHandler } from '../../http/registrar';
import { stopAllRuns } from './answer/run.service';
import type { RunDeps } from './answer/run.service';
import * as service from './assistants.service';
import type { AssistantsDeps } from './assistants-deps';
import { registerFileRoutes } from './files.routes';
import { registerStoreRoutes } from './stores.routes';
import { defineIngestJob } from './ingest/ingest.job';
import { parseLimitsOf } from './ingest/isolated-parse';
// Issue 16: batch import and the Quantum HR assistant.
import { registerBatchImportRoutes } from './batch-import/batch-import.routes';
import { registerQuantumHrRoutes } from './quantum-hr/quantum-hr.routes';

export function registerAssistantRoutes(app: FastifyInstance, deps: AssistantsDeps): void {
  const { db } = deps.database;
  const { now } = deps;
  const run: RunDeps = { db, dialect: deps.database.dialect, hub: deps.hub, provider: deps.provider, embedder: deps.embedder, log: app.log, now, inflight: new Map() };
  const s: service.AssistantsService = { deps, run };
  app.addHook('preClose', () => stopAllRuns(run));
  if (app.jobs) defineIngestJob(app.jobs, { db, storage: deps.storage, hub: deps.hub, now, embedder: deps.embedder, parseLimits: parseLimitsOf(deps.config.limits) });

  registerHandler(app, assistants.createAssistant, (input, { request }) => service.createAssistant(s, input, request.user));
  registerHandler(app, assistants.listAssistants, (input, { request }) => service.listAssistants(s, input, request.user));
  registerHandler(app, assistants.loadAssistant, (_input, { request, id = '' }) => service.loadAssistant(s, id, request.user));
  registerHandler(app, assistants.patchAssistant, (input, { request, id = '' }) => service.patchAssistant(s, id, input, request.user));
  for (const [descriptor, published] of [[assistants.publishAssistant, 1], [assistants.retractAssistant, 0]] as const) {
    registerHandler(app, descriptor, (_input, { request, id = '' }) => service.setAssistantPublished(s, id, published, request.user));
  }
  registerHandler(app, assistants.deleteAssistant, (_input, { request, id = '' }) => service.deleteAssistant(s, id, request.user));
  registerHandler(app, assistants.runWithMessage, (input, { request, id = '' }) => service.runWithMessage(s, id, input, request.user));
  registerHandler(app, assistants.cancelRun, (_input, { request, id = '' }) => service.cancelRun(s, id, request.user));

  registerHandler(app, assistants.listThreads, (input, { request }) => service.listThreads(s, input, request.user));
  registerHandler(app, assistants.createThread, (input, { request }) => service.createThread(s, input, request.user));
  registerHandler(app, assistants.getThread, (input, { request }) => service.getThread(s, input.thread_id, request.user));
  registerHandler(app, assistants.listMessages, (input, { request }) => service.listMessages(s, input.thread_id, request.user));
  for (const [descriptor, published] of [[assistants.publishThread, 1], [assistants.retractThread, 0]] as const) {
    registerHandler(app, descriptor, (_input, { request, id = '' }) => service.setThreadPublished(s, id, published, request.user));
  }
  registerHandler(app, assistants.deleteThread, (_input, { request, id = '' }) => service.deleteThread(s, id, request.user));

  registerFileRoutes(app, deps);
  registerStoreRoutes(app, deps);
  // Issue 16: batch import and the Quantum HR assistant.
  registerBatchImportRoutes(app, deps);
  registerQuantumHrRoutes(app, deps);
}
