/**
 * LOG_RECORDS (ADR 072): a suite's records in one request, stored one after the other in the
 * order sent, each checked by its own call's input schema and stored by its own service
 * (record-calls.ts). A record may name its game by the startGame's `_clientId`: the batch's
 * startGame is stored first, so the game is found. A refused record is answered with its status
 * and message and does not stop the next; an error that is not a refusal (the database away)
 * fails the whole request, which the sender may repeat: every record is idempotent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { delphi } from '@chi/contract';
import { AppError, validationError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import { formatZodError } from '../../http/zod-issues';
import type { Db, SuiteRef } from './delphi-db';
import type { DelphiDeps } from './delphi-deps';
import type { RecordContext, RecordServices } from './record-calls';
import type { Credential } from './suite-key';

type Guard = (request: FastifyRequest, credential: Credential, options?: { write: boolean; records?: number }) => Promise<SuiteRef>;

const DESCRIPTORS = {
  startGame: delphi.startGame,
  endGame: delphi.endGame,
  startRound: delphi.startRound,
  endRound: delphi.endRound,
  logPrompt: delphi.logPrompt,
  logResponse: delphi.logResponse,
  logEvent: delphi.logEvent,
} as const satisfies Record<delphi.BatchRecordKind, unknown>;

/** The game's startGame has not reached the server (or was refused): nothing can name it. */
const GAME_NOT_STARTED = { ok: false, status: 409, message: 'The game was not started.' } as const;

async function gameIdByClientId(db: Db, suiteId: string, clientId: string): Promise<string | undefined> {
  const row = await db.selectFrom('delphi_games').select('id').where('suite_id', '=', suiteId).where('client_id', '=', clientId).executeTakeFirst();
  return row?.id;
}

async function storeOne(
  db: Db,
  records: RecordServices,
  suite: SuiteRef,
  credential: Credential,
  record: delphi.BatchRecord,
  where: string,
  userAgent: string,
): Promise<delphi.BatchResult> {
  let id = record.id;
  const fields: Record<string, unknown> = { ...record.input, participant: credential.participant, suite: credential.suite };
  if (record.gameClientId !== undefined && record.kind !== 'startGame') {
    const gameId = await gameIdByClientId(db, suite.id, record.gameClientId);
    if (gameId === undefined) return GAME_NOT_STARTED;
    if (record.kind === 'endGame') id = gameId;
    else fields.game = gameId;
  }
  const ctx: RecordContext = { userAgent, ...(id !== undefined ? { id } : {}) };
  try {
    const ack = await run(records, record.kind, fields, ctx, where);
    return { ok: true, ...ack };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.statusCode, message: error.message };
    throw error;
  }
}

/** Parses the record with its own call's schema (400 naming the record's place) and runs its service. */
async function run(records: RecordServices, kind: delphi.BatchRecordKind, fields: Record<string, unknown>, ctx: RecordContext, where: string): Promise<delphi.LogAck> {
  if (kind === 'endGame' && ctx.id === undefined) throw validationError(`${where}.id: endGame needs the game's id or its gameClientId`);
  const parsed = DESCRIPTORS[kind].input.safeParse(fields);
  if (!parsed.success) throw validationError(formatZodError(parsed.error, where, `${where}.input`));
  switch (kind) {
    case 'startGame':
      return records.startGame(parsed.data as Parameters<RecordServices['startGame']>[0], ctx);
    case 'endGame':
      return records.endGame(parsed.data as Parameters<RecordServices['endGame']>[0], ctx);
    case 'startRound':
      return records.startRound(parsed.data as Parameters<RecordServices['startRound']>[0], ctx);
    case 'endRound':
      return records.endRound(parsed.data as Parameters<RecordServices['endRound']>[0], ctx);
    case 'logPrompt':
      return records.logPrompt(parsed.data as Parameters<RecordServices['logPrompt']>[0], ctx);
    case 'logResponse':
      return records.logResponse(parsed.data as Parameters<RecordServices['logResponse']>[0], ctx);
    case 'logEvent':
      return records.logEvent(parsed.data as Parameters<RecordServices['logEvent']>[0], ctx);
  }
}

export function registerRecordBatchRoute(app: FastifyInstance, deps: DelphiDeps, guard: Guard, records: RecordServices): void {
  const db = deps.database.db;
  registerHandler(app, delphi.logRecords, async (input, { request }) => {
    const suite = await guard(request, input, { write: true, records: input.records.length });
    const userAgent = request.headers['user-agent'] ?? '';
    const results: delphi.BatchResult[] = [];
    for (const [index, record] of input.records.entries()) {
      results.push(await storeOne(db, records, suite, input, record, `records[${index}]`, userAgent));
    }
    return { results };
  });
}
