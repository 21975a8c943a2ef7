/**
 * CCF keyed sessions (issue 15). A session owns ordered fields and one or more session keys
 * (the shared key made at creation, and personal keys mailed by sign-up). Participants are
 * user ids within a session; every opened field and every answer version is a row, never
 * overwritten, so the researcher sees the whole history. Values are JSON text.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ccf_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('user_id_label', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sign_up_open', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('ccf_sessions_owner').on('ccf_sessions').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('ccf_session_keys')
    .addColumn('session_key_id', 'text', (c) => c.primaryKey().references('session_keys.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('ccf_sessions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** A personal key's user id; null for the shared key. */
    .addColumn('user_id', 'text')
    .execute();
  await db.schema.createIndex('ccf_session_keys_session').on('ccf_session_keys').columns(['session_id', 'kind']).execute();

  await db.schema
    .createTable('ccf_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('ccf_sessions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addUniqueConstraint('ccf_fields_position', ['session_id', 'position'])
    .execute();

  await db.schema
    .createTable('ccf_participants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('ccf_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('signed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consented_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ccf_participants_user', ['session_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('ccf_field_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('ccf_participants.id').onDelete('cascade'))
    .addColumn('field_id', 'text', (c) => c.notNull().references('ccf_fields.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ccf_field_events_participant').on('ccf_field_events').columns(['participant_id', 'field_id', 'at']).execute();

  await db.schema
    .createTable('ccf_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('ccf_participants.id').onDelete('cascade'))
    .addColumn('field_id', 'text', (c) => c.notNull().references('ccf_fields.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ccf_answers_version', ['participant_id', 'field_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ccf_answers', 'ccf_field_events', 'ccf_participants', 'ccf_fields', 'ccf_session_keys', 'ccf_sessions']) {
    await db.schema.dropTable(table).execute();
  }
}
