/**
 * Generic documents (issue 5): one set of routes with `:appId` and `:dataType` path
 * parameters serves every data type of every app, through the one registrar.
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, documents } from '@chi/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import { LIMITS } from '../../security/rate-limiter';
import type { RateLimiter } from '../../security/rate-limiter';
import type { UserDataRegistry } from '../account/user-data-registry';
import { callerOf, isDedicatedScope, scopeFromParams, toDocument } from './document-access';
import {
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  logDocument,
  patchDocument,
  proxyDocument,
  setPublished,
} from './documents.service';
import type { DocumentsContext } from './documents.service';

export interface DocumentsDeps {
  readonly database: Database;
  readonly now: () => Date;
  readonly userData: UserDataRegistry;
  /** Counts anonymous log calls per client address (issue 15: showcase plays need no account). */
  readonly limiter?: RateLimiter;
}

export function registerDocumentRoutes(app: FastifyInstance, deps: DocumentsDeps): void {
  const ctx: DocumentsContext = { db: deps.database.db, dialect: deps.database.dialect, now: deps.now };

  // In their own plugin scope, so the hook below runs for these routes only.
  void app.register(async (scope) => {
    // A pair a dedicated call owns (app/Account, delphi/Game, …) is no generic document: 404
    // for everyone, before the registrar's permission check would answer 401 or 403.
    scope.addHook('onRequest', async (request) => {
      if (isDedicatedScope(request.params)) throw new AppError(ERRORS.notFound);
    });
    registerHandler(scope, documents.list, (input, { request }) =>
      listDocuments(ctx, scopeFromParams(request.params), callerOf(request.user), input),
    );
    registerHandler(scope, documents.get, (input, { request }) =>
      getDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input),
    );
    registerHandler(scope, documents.create, (input, { request }) =>
      createDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input),
    );
    registerHandler(scope, documents.log, async (input, { request }) => {
      if (request.user === null) await deps.limiter?.hit([{ key: `anonymous-log:address:${request.ip}`, limit: LIMITS.anonymousLogPerAddress }]);
      return logDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input);
    });
    registerHandler(scope, documents.patch, (input, { request }) =>
      patchDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input),
    );
    registerHandler(scope, documents.publish, (input, { request }) =>
      setPublished(ctx, scopeFromParams(request.params), callerOf(request.user), input.filter, true),
    );
    registerHandler(scope, documents.retract, (input, { request }) =>
      setPublished(ctx, scopeFromParams(request.params), callerOf(request.user), input.filter, false),
    );
    registerHandler(scope, documents.remove, (input, { request }) =>
      deleteDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input.filter),
    );
    registerHandler(scope, documents.proxy, (input, { request }) =>
      proxyDocument(ctx, scopeFromParams(request.params), callerOf(request.user), input.filter),
    );
  });

  // "Forget about me" removes a person's documents (their read proxies cascade) and their
  // name on proxies they made of others' documents; "download my data" lists the documents.
  deps.userData.register({
    name: 'documents',
    columns: ['documents.owner_id', 'document_proxies.created_by'],
    forget: async (accountId, trx) => {
      await trx.deleteFrom('documents').where('owner_id', '=', accountId).execute();
      await trx.updateTable('document_proxies').set({ created_by: null }).where('created_by', '=', accountId).execute();
    },
    // Proxies they made of others' documents name those documents, not the person: left out.
    export: async (accountId, db) => {
      const rows = await db.selectFrom('documents').selectAll().where('owner_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toDocument);
    },
  });
}
