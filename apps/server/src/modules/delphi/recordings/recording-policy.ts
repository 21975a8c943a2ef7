/**
 * What a participant may store as audio (issue 24, ADR 044): a new recording only for a
 * Morning Memo game of their suite that has started and not ended (by the server's clock, with
 * the grace late records get), at most RECORDING_MAX_PER_SUITE recordings and
 * RECORDING_MAX_BYTES_PER_SUITE bytes per suite; recordings never completed are removed after
 * a day by an hourly clean-up job (the job mechanism of ADR 007).
 */
import { z } from 'zod';
import { recordings } from '@chi/contract';
import { AppError } from '../../../http/app-error';
import type { JobWorker } from '../../../jobs/job-worker';
import type { FileStorage } from '../../../storage/file-storage';
import type { Db } from '../delphi-db';
import { endIsPastGrace } from '../late-grace';
import { partKey } from './recording-keys';

const E = recordings.RECORDING_ERRORS;
const HOUR = 60 * 60_000;
/** A recording still receiving after this long is abandoned. */
export const UNFINISHED_RECORDING_TTL_MS = 24 * HOUR;
export const RECORDING_CLEAN_UP_KIND = 'delphi-recordings-clean-up';

/** Before the first part of a new recording: its game is this suite's running Morning Memo, and the suite has room. */
export async function admitNewRecording(db: Db, suiteId: string, gameRef: string, now: Date): Promise<void> {
  const game = await db
    .selectFrom('delphi_games')
    .select(['end_received_at'])
    .where('suite_id', '=', suiteId)
    .where('client_id', '=', gameRef)
    .where('game_name', '=', 'MorningMemo')
    .executeTakeFirst();
  // 409: the outbox may still be delivering the startGame; the uploader retries.
  if (!game) throw new AppError(E.noGame);
  if (game.end_received_at !== null && endIsPastGrace(Date.parse(game.end_received_at), now)) throw new AppError(E.gameEnded);
  const count = await db.selectFrom('delphi_recordings').select((eb) => eb.fn.countAll().as('n')).where('suite_id', '=', suiteId).executeTakeFirstOrThrow();
  if (Number(count.n) >= recordings.RECORDING_MAX_PER_SUITE) throw new AppError(E.suiteFull);
}

/** Before a new part is stored: the suite's audio stays within its bytes. */
export async function admitPartBytes(db: Db, suiteId: string, bytes: number): Promise<void> {
  const stored = await db
    .selectFrom('delphi_recording_parts as p')
    .innerJoin('delphi_recordings as r', 'r.id', 'p.recording_id')
    .select((eb) => eb.fn.sum<number | string | null>('p.byte_size').as('total'))
    .where('r.suite_id', '=', suiteId)
    .executeTakeFirstOrThrow();
  if (Number(stored.total ?? 0) + bytes > recordings.RECORDING_MAX_BYTES_PER_SUITE) throw new AppError(E.suiteFull);
}

/** Removes recordings that started receiving more than a day ago and were never completed: parts' bytes first, then rows. */
export async function removeUnfinishedRecordings(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNFINISHED_RECORDING_TTL_MS).toISOString();
  const rows = await db.selectFrom('delphi_recordings').select(['id', 'suite_id']).where('status', '=', 'receiving').where('created_at', '<', before).execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  const parts = await db
    .selectFrom('delphi_recording_parts as p')
    .innerJoin('delphi_recordings as r', 'r.id', 'p.recording_id')
    .select(['r.suite_id', 'p.recording_id', 'p.part_index'])
    .where('p.recording_id', 'in', ids)
    .execute();
  const keys = parts.map((part) => partKey(part.suite_id, part.recording_id, part.part_index));
  for (let at = 0; at < keys.length; at += 16) await Promise.all(keys.slice(at, at + 16).map((key) => storage.delete(key)));
  // Only rows still receiving: a recording completed meanwhile stays. Parts go with it (ON DELETE CASCADE).
  const result = await db.deleteFrom('delphi_recordings').where('id', 'in', ids).where('status', '=', 'receiving').executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function defineRecordingCleanUp(jobs: JobWorker, db: Db, storage: FileStorage, now: () => Date): void {
  jobs.define({
    kind: RECORDING_CLEAN_UP_KIND,
    payload: z.unknown(),
    run: async () => {
      await removeUnfinishedRecordings(db, storage, now());
    },
  });
  jobs.schedule(RECORDING_CLEAN_UP_KIND, HOUR);
}
