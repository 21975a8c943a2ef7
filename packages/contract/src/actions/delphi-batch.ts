/**
 * LOG_RECORDS: the outbox's pending records in one request, in their order (ADR 072). The page
 * sends it with keepalive when it goes: the requests of single records travel in parallel and
 * cannot name a game whose start the server has not answered yet, so a game started just
 * before a reload lost every answer of it. In one ordered batch a record may name its game by
 * the startGame's `_clientId` (`gameClientId`): the server stores the batch's startGame first
 * and finds the game by it.
 *
 * Each record is checked exactly as its own call checks it (its `kind`'s input schema, the same
 * service), and answered on its own: a refused record does not stop the ones after it.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { clientIdSchema, credentialShape, logAckSchema, recordIdSchema } from './delphi-schemas';

export const BATCH_RECORD_KINDS = ['startGame', 'endGame', 'startRound', 'endRound', 'logPrompt', 'logResponse', 'logEvent'] as const;
export type BatchRecordKind = (typeof BATCH_RECORD_KINDS)[number];

/** At most this many records in one batch (the keepalive budget holds far fewer). */
export const BATCH_MAX_RECORDS = 200;

export const batchRecordSchema = z.object({
  kind: z.enum(BATCH_RECORD_KINDS, { error: `kind must be one of ${BATCH_RECORD_KINDS.join(', ')}` }),
  /** The call's input without the credential (the batch's) and, with `gameClientId`, without `game`. */
  input: z.record(z.string(), z.unknown(), { error: 'input must be an object' }),
  /** endGame: the game's server id (its path id), when known. */
  id: recordIdSchema.optional(),
  /** The game's startGame `_clientId`, when its server id is not known yet. */
  gameClientId: clientIdSchema.optional(),
});
export type BatchRecord = z.infer<typeof batchRecordSchema>;

export const batchResultSchema = z.union([
  logAckSchema.extend({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), status: z.number().int(), message: z.string() }),
]);
export type BatchResult = z.infer<typeof batchResultSchema>;

export const logRecords = defineAction({
  app: 'delphi', dataType: 'Record', name: 'LOG_RECORDS', endpoint: 'logBatch',
  summary: 'Log several records of one suite in order (the outbox when the page goes); each is checked and answered on its own.',
  input: z.object({
    ...credentialShape,
    records: z
      .array(batchRecordSchema)
      .min(1, { message: 'records must hold at least one record' })
      .max(BATCH_MAX_RECORDS, { message: `records must hold at most ${BATCH_MAX_RECORDS} records` }),
  }),
  output: z.object({ results: z.array(batchResultSchema) }),
  access: 'public',
});

export const DELPHI_BATCH_DESCRIPTORS = [logRecords] as const;
