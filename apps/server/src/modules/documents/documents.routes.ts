/**
 * Generic documents (issue 5): one set of routes with `:appId` and `:dataType` path
 * parameters serves every data type of every app, through the one registrar.
 */
import type { FastifyInstance } from 'fastify';
import { documents } from '@chi/contract';
import type { Database } from '../../db/database';
import { registerHandler } from '../../http/registrar';
import type { UserDataRegistry } from '../account/user-data-registry';
import { callerOf, scopeFromParams, toDocument } from './document-access';
import {
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  logDocument,
  patchDocument,
  setPublished,
} from './documents.service';
import type { DocumentsContext } from './documents.service';

export interface DocumentsDeps {
  readonly database: Database;
  readonly now: () => Date;
  readonly userData: UserDataRegistry;
}

export function registerDocumentRoutes(app: FastifyInstance, deps: DocumentsDeps): void {
  const ctx: DocumentsContext = { db: deps.database.db, dialect: deps.database.dialect, now: deps.now };

  registerHandler(app, documents.list, (input, { request }) =>
    listDocuments(ctx, scopeFromParams(request.params), callerOf(request.user), input),
  );
  registerHandler(app, documents.get, (input, { request }) =>
    getDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input),
  );
  registerHandler(app, documents.create, (input, { request }) =>
    createDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input),
  );
  registerHandler(app, documents.log, (input, { request }) =>
    logDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input),
  );
  registerHandler(app, documents.patch, (input, { request }) =>
    patchDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input),
  );
  registerHandler(app, documents.publish, (input, { request }) =>
    setPublished(ctx, scopeFromParams(request.params), callerOf(request.user), input.filter, true),
  );
  registerHandler(app, documents.retract, (input, { request }) =>
    setPublished(ctx, scopeFromParams(request.params), callerOf(request.user), input.filter, false),
  );
  registerHandler(app, documents.remove, (input, { request }) =>
    deleteDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input.filter),
  );

  // "Forget about me" removes a person's documents (their read proxies cascade);
  // "download my data" lists them.
  deps.userData.onForgetUser(async (accountId, trx) => {
    await trx.deleteFrom('documents').where('owner_id', '=', accountId).execute();
  });
  deps.userData.onExportUser('documents', async (accountId, db) => {
    const rows = await db.selectFrom('documents').selectAll().where('owner_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toDocument);
  });
}
