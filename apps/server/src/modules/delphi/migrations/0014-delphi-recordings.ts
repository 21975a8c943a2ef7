/**
 * Morning Memo's recordings (issue 13, ADR 018):
 * - `delphi_recordings`: one row per recording, keyed by the client's id, in a suite (the
 *   participant's credential); `game_client_id` is the game's startGame `_clientId` (parts
 *   may arrive before the startGame record). `receiving` until complete assembled and checked it.
 * - `delphi_recording_parts`: one row per received part (index, offset, size, SHA-256); the
 *   primary key makes a retried part a duplicate. The bytes live in the file storage.
 * - `delphi_suites.completed_at`: when the suite's last required game ended (issue 13 part 7).
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const suiteRef = (c: ColumnDefinitionBuilder) => c.notNull().references('delphi_suites.id').onDelete('cascade');
  await db.schema
    .createTable('delphi_recordings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('suite_id', 'text', suiteRef)
    .addColumn('game_client_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('duration_ms', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('delphi_recordings_suite').on('delphi_recordings').columns(['suite_id']).execute();
  await db.schema
    .createTable('delphi_recording_parts')
    .addColumn('recording_id', 'text', (c) => c.notNull().references('delphi_recordings.id').onDelete('cascade'))
    .addColumn('part_index', 'integer', (c) => c.notNull())
    .addColumn('byte_offset', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('delphi_recording_parts_pk', ['recording_id', 'part_index'])
    .execute();
  await db.schema.alterTable('delphi_suites').addColumn('completed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delphi_suites').dropColumn('completed_at').execute();
  await db.schema.dropTable('delphi_recording_parts').execute();
  await db.schema.dropTable('delphi_recordings').execute();
}
