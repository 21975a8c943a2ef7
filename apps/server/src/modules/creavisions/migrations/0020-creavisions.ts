/**
 * Creative visions (issue 16 part 4, ADR 030): events (workshops) with session keys, sittings
 * of participants, their entries (visions) and every logged step. An entry's state is the sum
 * of its logged steps; the log is append-only and keyed by the client's id (idempotent).
 * Published entries are also rows of the one retrieval index (`assistant_chunks`, store id
 * `creavisions:<event id>`), kept in step in the transaction that publishes or changes them.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cv_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sign_up_open', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('cv_events_owner').on('cv_events').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('cv_event_keys')
    .addColumn('session_key_id', 'text', (c) => c.primaryKey().references('session_keys.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('cv_events.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .execute();
  await db.schema.createIndex('cv_event_keys_event').on('cv_event_keys').columns(['event_id', 'kind']).execute();

  await db.schema
    .createTable('cv_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('cv_events.id').onDelete('cascade'))
    /** A user id given with a key, or `account:<id>`: the same person across sittings. */
    .addColumn('participant', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cv_sessions_participant').on('cv_sessions').columns(['event_id', 'participant']).execute();

  await db.schema
    .createTable('cv_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('cv_events.id').onDelete('cascade'))
    .addColumn('participant', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cv_entries_gallery').on('cv_entries').columns(['event_id', 'published', 'published_at']).execute();
  await db.schema.createIndex('cv_entries_participant').on('cv_entries').columns(['event_id', 'participant']).execute();

  await db.schema
    .createTable('cv_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('cv_events.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('participant', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('client_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cv_log_timeline').on('cv_log').columns(['event_id', 'received_at', 'id']).execute();
  await db.schema.createIndex('cv_log_session').on('cv_log').columns(['session_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cv_log', 'cv_entries', 'cv_sessions', 'cv_event_keys', 'cv_events']) {
    await db.schema.dropTable(table).execute();
  }
}
