/**
 * Resumable, idempotent recording uploads (ADR 018). A part is stored in the file storage
 * under its index, then its row is inserted (ON CONFLICT DO NOTHING on the primary key): a
 * retry of a stored part finds the row and is a duplicate; the same index with other bytes is
 * a conflict. `complete` checks the parts are 0..n-1 with contiguous offsets, streams them in
 * order into one file while hashing, checks length and SHA-256, and renames it into place.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { recordings } from '@chi/contract';
import { AppError } from '../../../http/app-error';
import { newId } from '../../../security/secrets';
import type { FileStorage } from '../../../storage/file-storage';
import { inserted, requireSuite } from '../delphi-db';
import type { Db } from '../delphi-db';
import { detectAudioType } from './audio-type';
import { partKey, recordingKey } from './recording-keys';
import { admitNewRecording, admitPartBytes } from './recording-policy';
import { suiteCondition } from '../studies/data-scope';
import type { DataScope } from '../studies/data-scope';

const E = recordings.RECORDING_ERRORS;
type Recording = recordings.Recording;
type RecordingKind = recordings.RecordingKind;

export interface PartInput {
  readonly participant: string;
  readonly suite: string;
  readonly recording: string;
  readonly gameRef: string;
  readonly kind: RecordingKind;
  readonly part: number;
  readonly offset: number;
  readonly data: string;
  readonly sha256: string;
}

export interface CompleteInput {
  readonly participant: string;
  readonly suite: string;
  readonly recording: string;
  readonly parts: number;
  readonly bytes: number;
  readonly sha256: string;
  readonly durationMs: number;
}

export { partKey, recordingKey };

const sha256 = (content: Buffer | Uint8Array): string => createHash('sha256').update(content).digest('hex');

function findRecording(db: Db, id: string) {
  return db.selectFrom('delphi_recordings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The recording row, created by its first part to arrive; never one of another suite. */
async function recordingFor(db: Db, suiteId: string, input: PartInput, contentType: string | undefined, now: Date) {
  if (contentType !== undefined) {
    await db
      .insertInto('delphi_recordings')
      .values({
        id: input.recording, suite_id: suiteId, game_client_id: input.gameRef, kind: input.kind, mime_type: contentType,
        status: 'receiving', byte_size: null, sha256: null, duration_ms: null, created_at: now.toISOString(), completed_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const row = await findRecording(db, input.recording);
  if (row && row.suite_id !== suiteId) throw new AppError(E.otherSuite);
  return row;
}

export async function storePart(db: Db, storage: FileStorage, input: PartInput, now: Date): Promise<{ recording: string; part: number; duplicate: boolean }> {
  const suite = await requireSuite(db, input.participant, input.suite);
  const content = Buffer.from(input.data, 'base64');
  if (content.length === 0) throw new AppError({ ...E.wrongLength, message: 'A part must not be empty.' });
  if (content.length > recordings.RECORDING_PART_MAX_BYTES || input.offset + content.length > recordings.RECORDING_MAX_BYTES) throw new AppError(E.tooLarge);
  if (sha256(content) !== input.sha256) throw new AppError(E.partChecksum);
  // The container is sniffed from the first part's bytes; later parts are the stream's middle.
  const type = input.part === 0 ? detectAudioType(content) : undefined;
  if (input.part === 0 && (type === undefined || input.offset !== 0)) throw new AppError(E.notAudio);
  // A new recording needs the suite's running Morning Memo and room in the suite (recording-policy.ts).
  if (!(await findRecording(db, input.recording))) await admitNewRecording(db, suite.id, input.gameRef, now);
  // Only part 0 creates the row, with the sniffed type; a later part may come first (parallel
  // retries): it is kept under a provisional type until part 0 arrives.
  const row = (await recordingFor(db, suite.id, input, type?.contentType, now)) ?? (await recordingFor(db, suite.id, input, 'audio/webm', now));
  if (!row) throw new Error('recording vanished right after it was created');
  if (type && row.mime_type !== type.contentType) {
    await db.updateTable('delphi_recordings').set({ mime_type: type.contentType }).where('id', '=', row.id).where('status', '=', 'receiving').execute();
  }

  const existing = await findPart(db, row.id, input.part);
  if (existing) return samePart(existing, input, content.length);
  if (row.status === 'complete') throw new AppError(E.alreadyComplete);

  await admitPartBytes(db, suite.id, content.length);
  // The bytes first, then the row: a row always has its bytes. Two processes writing the
  // same part write the same bytes; only one row wins, and the other answer is checked below.
  await storage.put(partKey(suite.id, row.id, input.part), content);
  const result = await db
    .insertInto('delphi_recording_parts')
    .values({ recording_id: row.id, part_index: input.part, byte_offset: input.offset, byte_size: content.length, sha256: input.sha256, created_at: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (inserted(result)) return { recording: row.id, part: input.part, duplicate: false };
  const raced = await findPart(db, row.id, input.part);
  if (!raced) throw new Error('part vanished right after it was stored');
  return samePart(raced, input, content.length);
}

function findPart(db: Db, recordingId: string, part: number) {
  return db.selectFrom('delphi_recording_parts').selectAll().where('recording_id', '=', recordingId).where('part_index', '=', part).executeTakeFirst();
}

function samePart(existing: { sha256: string; byte_offset: number; byte_size: number; recording_id: string; part_index: number }, input: PartInput, size: number) {
  if (existing.sha256 !== input.sha256 || Number(existing.byte_offset) !== input.offset || Number(existing.byte_size) !== size) throw new AppError(E.partConflict);
  return { recording: existing.recording_id, part: existing.part_index, duplicate: true };
}

type RecordingRow = NonNullable<Awaited<ReturnType<typeof findRecording>>>;

export async function completeRecording(db: Db, storage: FileStorage, input: CompleteInput, now: Date): Promise<{ recording: Recording; duplicate: boolean }> {
  const suite = await requireSuite(db, input.participant, input.suite);
  const row = await findRecording(db, input.recording);
  if (!row) throw new AppError(E.partMissing);
  if (row.suite_id !== suite.id) throw new AppError(E.otherSuite);
  if (row.status === 'complete') {
    if (row.sha256 !== input.sha256 || Number(row.byte_size) !== input.bytes) throw new AppError(E.wrongChecksum);
    return { recording: await presentOne(db, row.id), duplicate: true };
  }
  const parts = await db.selectFrom('delphi_recording_parts').selectAll().where('recording_id', '=', row.id).orderBy('part_index').execute();
  let expected = 0;
  for (let index = 0; index < input.parts; index += 1) {
    const part = parts[index];
    if (!part || part.part_index !== index) throw new AppError({ ...E.partMissing, message: `Part ${index} of this recording is missing.` });
    if (Number(part.byte_offset) !== expected) throw new AppError(E.wrongLength);
    expected += Number(part.byte_size);
  }
  if (parts.length !== input.parts || expected !== input.bytes) throw new AppError(E.wrongLength);

  const hash = await assemble(storage, row, input.parts);
  if (hash !== input.sha256) throw new AppError(E.wrongChecksum);
  await db
    .updateTable('delphi_recordings')
    .set({ status: 'complete', byte_size: input.bytes, sha256: input.sha256, duration_ms: input.durationMs, completed_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('status', '=', 'receiving')
    .execute();
  // The parts' bytes are in the whole file now; their rows stay as the record of what arrived.
  await Promise.all(parts.map((part) => storage.delete(partKey(row.suite_id, row.id, part.part_index))));
  return { recording: await presentOne(db, row.id), duplicate: false };
}

/** Streams the parts in order into a temporary key while hashing, then renames it into place. */
async function assemble(storage: FileStorage, row: RecordingRow, count: number): Promise<string> {
  const target = recordingKey(row);
  const temporary = `${target}.${newId()}.tmp`;
  const hash = createHash('sha256');
  const out = await storage.openWrite(temporary);
  const done = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
  try {
    for (let index = 0; index < count; index += 1) {
      const stream = await storage.openRead(partKey(row.suite_id, row.id, index));
      if (!stream) throw new AppError({ ...E.partMissing, message: `Part ${index} of this recording is missing.` });
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      }
    }
    out.end();
    await done;
  } catch (error) {
    out.destroy();
    await storage.delete(temporary);
    throw error;
  }
  const digest = hash.digest('hex');
  // A whole file that does not match is never published: the parts stay for a retry.
  await storage.rename(temporary, target).catch(async (error: unknown) => {
    await storage.delete(temporary);
    throw error;
  });
  return digest;
}

const listQuery = (db: Db) =>
  db
    .selectFrom('delphi_recordings as r')
    .innerJoin('delphi_suites as s', 's.id', 'r.suite_id')
    .leftJoin('delphi_games as g', (join) => join.onRef('g.suite_id', '=', 'r.suite_id').onRef('g.client_id', '=', 'r.game_client_id'))
    .select(['r.id', 'r.suite_id', 'r.kind', 'r.mime_type', 'r.status', 'r.byte_size', 'r.duration_ms', 'r.created_at', 'r.completed_at', 's.participant_id', 'g.id as game_id']);

type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

export function recordingUrl(id: string): string {
  return `/api/v1/actions/delphi/Recording/action/download/${encodeURIComponent(id)}`;
}

function present(row: ListRow): Recording {
  return {
    _id: row.id,
    participantId: row.participant_id,
    suiteId: row.suite_id,
    gameId: row.game_id ?? null,
    kind: row.kind,
    mimeType: row.mime_type,
    status: row.status,
    bytes: Number(row.byte_size ?? 0),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    createdAt: row.created_at,
    completedAt: row.completed_at,
    url: row.status === 'complete' ? recordingUrl(row.id) : null,
  };
}

async function presentOne(db: Db, id: string): Promise<Recording> {
  return present(await listQuery(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}

/** A page of recordings, newest first, and how many the filter matches (the pager's total). */
/** A page of the scope's recordings (ADR 074). */
export async function listRecordings(db: Db, scope: DataScope, filter: string, offset: number, pageSize: number): Promise<{ recordings: Recording[]; total: number }> {
  const pattern = `%${filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = sql<boolean>`lower(s.participant_id) like ${pattern} escape '\\'`;
  const counted = await db
    .selectFrom('delphi_recordings as r')
    .innerJoin('delphi_suites as s', 's.id', 'r.suite_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(suiteCondition(scope, 's'))
    .$if(filter !== '', (query) => query.where(matches))
    .executeTakeFirstOrThrow();
  const rows = await listQuery(db)
    .where(suiteCondition(scope, 's'))
    .$if(filter !== '', (query) => query.where(matches))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { recordings: rows.map(present), total: Number(counted.n) };
}

/** A complete recording's row (for playing and the archive), or the 404 a researcher sees. */
export async function requireCompleteRecording(db: Db, id: string): Promise<RecordingRow & { participant_id: string }> {
  const row = await db
    .selectFrom('delphi_recordings as r')
    .innerJoin('delphi_suites as s', 's.id', 'r.suite_id')
    .selectAll('r')
    .select('s.participant_id')
    .where('r.id', '=', id)
    .where('r.status', '=', 'complete')
    .executeTakeFirst();
  if (!row) throw new AppError(E.unknownRecording);
  return row;
}

/** The complete recordings, of the scope's suites when one is given (ADR 074). */
export function completeRecordingRows(db: Db, scope?: DataScope) {
  return db
    .selectFrom('delphi_recordings as r')
    .innerJoin('delphi_suites as s', 's.id', 'r.suite_id')
    .selectAll('r')
    .select('s.participant_id')
    .where('r.status', '=', 'complete')
    .$if(scope !== undefined, (query) => query.where(suiteCondition(scope as DataScope, 's')))
    .orderBy('s.participant_id')
    .orderBy('r.created_at')
    .execute();
}

/**
 * Removes the stored audio of these suites (whole files and any parts still held) through the
 * storage, then their recording rows, so deleting a participant's data deletes their voice too.
 * Files go first: if one cannot be removed the call fails with the rows still in place and a
 * retry finds every key again; removing a key that is already gone is no error.
 */
export async function deleteRecordingsOf(db: Db, storage: FileStorage, suiteIds: readonly string[]): Promise<number> {
  if (suiteIds.length === 0) return 0;
  const rows = await db.selectFrom('delphi_recordings').select(['id', 'suite_id', 'mime_type']).where('suite_id', 'in', suiteIds).execute();
  if (rows.length === 0) return 0;
  const parts = await db
    .selectFrom('delphi_recording_parts as p')
    .innerJoin('delphi_recordings as r', 'r.id', 'p.recording_id')
    .select(['r.suite_id', 'p.recording_id', 'p.part_index'])
    .where('r.suite_id', 'in', suiteIds)
    .execute();
  const keys = [...rows.map(recordingKey), ...parts.map((part) => partKey(part.suite_id, part.recording_id, part.part_index))];
  // A few at a time: a participant has two recordings, but a bulk deletion may have thousands of parts.
  for (let at = 0; at < keys.length; at += 16) await Promise.all(keys.slice(at, at + 16).map((key) => storage.delete(key)));
  // Parts go with their recording (ON DELETE CASCADE).
  await db.deleteFrom('delphi_recordings').where('suite_id', 'in', suiteIds).execute();
  return rows.length;
}
