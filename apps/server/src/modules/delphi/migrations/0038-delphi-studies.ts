/**
 * Issue 26 (ADR 071): studies. A study has a slug, a status, a team and versions; each version
 * is a snapshot of its games (with their settings) and their order. Every suite belongs to one
 * study and records the version it ran, the order its participant got, the panel's other URL
 * parameters, when and which consent text was accepted, and whether it was a preview or a
 * pilot run. Participant ids are unique per study, not overall.
 *
 * The DEFAULT study (id and slug `default`, open, today's six games in today's order with
 * today's settings) is created here and every existing suite moves into it: `/?participantId=`
 * links keep working as that study. `study_id` defaults to it, so a suite written the old way
 * lands there too.
 *
 * SQLite cannot drop the inline UNIQUE of `participant_id` (migration 0003): the table is
 * rebuilt as SQLite's documented ALTER TABLE procedure does it (foreign keys off, new table,
 * copy, drop, rename, indexes and triggers back, foreign_key_check). SQLite migrations run
 * outside a transaction (Kysely), so the pragma takes effect.
 *
 * Frozen (issue 28): imports nothing outside this folder; the default games are written out.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const DEFAULT_STUDY = 'default';
/** Today's six games in the hub's order, with their settings as the declarations default them. */
const DEFAULT_GAMES = [
  { game: 'QuizTime', settings: {} },
  { game: 'FlashMatch', settings: {} },
  { game: 'WordLinks', settings: { optional: true } },
  { game: 'ColorCatch', settings: {} },
  { game: 'MimeMix', settings: {} },
  { game: 'MorningMemo', settings: {} },
];
const DEFAULT_ORDER = JSON.stringify(DEFAULT_GAMES.map((entry) => entry.game));

/** The suite's columns before this migration, in order (0003, 0014, 0028). */
const OLD_COLUMNS = ['id', 'participant_id', 'kind', 'parent_origin', 'created_at', 'completed_at', 'key_hash'];

const OLD_SUITES = `create table "delphi_suites_next" (
  "id" text primary key, "participant_id" text not null unique, "kind" text not null, "parent_origin" text,
  "created_at" text not null, "completed_at" text, "key_hash" text)`;

const NEW_SUITES = `create table "delphi_suites_next" (
  "id" text primary key, "participant_id" text not null, "kind" text not null, "parent_origin" text,
  "created_at" text not null, "completed_at" text, "key_hash" text,
  "study_id" text not null default '${DEFAULT_STUDY}' references "delphi_studies" ("id"),
  "study_version" integer not null default 1,
  "panel_params" text not null default '{}',
  "game_order" text,
  "consent_at" text,
  "consent_version" integer,
  "preview" integer not null default 0,
  "pilot" integer not null default 0)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delphi_studies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('default_language', 'text', (c) => c.notNull())
    .addColumn('consent_markdown', 'text', (c) => c.notNull())
    .addColumn('consent_version', 'integer', (c) => c.notNull())
    .addColumn('end_page_markdown', 'text', (c) => c.notNull())
    .addColumn('completion_redirect', 'text')
    .addColumn('completion_code', 'text')
    .addColumn('target_sample', 'integer')
    .addColumn('phone_allowed', 'integer', (c) => c.notNull())
    .addColumn('keyboard_needed', 'integer', (c) => c.notNull())
    .addColumn('microphone_needed', 'integer', (c) => c.notNull())
    .addColumn('participant_param', 'text', (c) => c.notNull())
    .addColumn('kept_params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('delphi_study_versions')
    .addColumn('study_id', 'text', (c) => c.notNull().references('delphi_studies.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('games', 'text', (c) => c.notNull())
    .addColumn('game_order', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('delphi_study_versions_pk', ['study_id', 'version'])
    .execute();
  await db.schema
    .createTable('delphi_study_members')
    .addColumn('study_id', 'text', (c) => c.notNull().references('delphi_studies.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('delphi_study_members_pk', ['study_id', 'account_id'])
    .execute();
  await db.schema.createIndex('delphi_study_members_account').on('delphi_study_members').columns(['account_id']).execute();

  const at = new Date().toISOString();
  await sql`insert into delphi_studies (id, slug, name, status, version, languages, default_language, consent_markdown, consent_version,
      end_page_markdown, completion_redirect, completion_code, target_sample, phone_allowed, keyboard_needed, microphone_needed,
      participant_param, kept_params, created_at, updated_at)
    values (${DEFAULT_STUDY}, ${DEFAULT_STUDY}, ${'Default study'}, ${'open'}, ${1}, ${'["en","dk"]'}, ${'en'}, ${''}, ${0},
      ${''}, ${null}, ${null}, ${null}, ${1}, ${0}, ${0}, ${'participantId'}, ${'[]'}, ${at}, ${at})`.execute(db);
  await sql`insert into delphi_study_versions (study_id, version, games, game_order, created_at)
    values (${DEFAULT_STUDY}, ${1}, ${JSON.stringify(DEFAULT_GAMES)}, ${'fixed'}, ${at})`.execute(db);

  if (isPostgres(db)) {
    await sql.raw(`alter table delphi_suites
      add column study_id text not null default '${DEFAULT_STUDY}' references delphi_studies (id),
      add column study_version integer not null default 1,
      add column panel_params text not null default '{}',
      add column game_order text,
      add column consent_at text,
      add column consent_version integer,
      add column preview integer not null default 0,
      add column pilot integer not null default 0`).execute(db);
    await sql`update delphi_suites set game_order = ${DEFAULT_ORDER}`.execute(db);
    const unique = await sql<{ name: string }>`select conname as name from pg_constraint
      where conrelid = 'delphi_suites'::regclass and contype = 'u'`.execute(db);
    for (const row of unique.rows) await sql`alter table delphi_suites drop constraint ${sql.id(row.name)}`.execute(db);
  } else {
    await rebuildSqliteSuites(db, NEW_SUITES, `${OLD_COLUMNS.join(', ')}, study_id, study_version, game_order`, `${OLD_COLUMNS.join(', ')}, '${DEFAULT_STUDY}', 1, '${DEFAULT_ORDER}'`);
  }
  await db.schema.createIndex('delphi_suites_study_participant').unique().on('delphi_suites').columns(['study_id', 'participant_id']).execute();
  // The studies list counts a study's suites and finds its last activity.
  await db.schema.createIndex('delphi_suites_study_created').on('delphi_suites').columns(['study_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one participant id overall: only the default study's suites can stay.
  await sql`delete from delphi_suites where study_id <> ${DEFAULT_STUDY}`.execute(db);
  await db.schema.dropIndex('delphi_suites_study_created').execute();
  await db.schema.dropIndex('delphi_suites_study_participant').execute();
  if (isPostgres(db)) {
    await sql.raw(`alter table delphi_suites drop column study_id, drop column study_version, drop column panel_params, drop column game_order,
      drop column consent_at, drop column consent_version, drop column preview, drop column pilot`).execute(db);
    await sql`alter table delphi_suites add constraint delphi_suites_participant_id_key unique (participant_id)`.execute(db);
  } else {
    await rebuildSqliteSuites(db, OLD_SUITES, OLD_COLUMNS.join(', '), OLD_COLUMNS.join(', '));
  }
  await db.schema.dropTable('delphi_study_members').execute();
  await db.schema.dropTable('delphi_study_versions').execute();
  await db.schema.dropTable('delphi_studies').execute();
}

/** SQLite's way to change a table's constraints: a new table, the rows copied, the old one dropped, its indexes and triggers back. */
async function rebuildSqliteSuites(db: Kysely<unknown>, create: string, into: string, select: string): Promise<void> {
  const kept = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = 'delphi_suites' and type in ('index', 'trigger') and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(create).execute(db);
    await sql.raw(`insert into delphi_suites_next (${into}) select ${select} from delphi_suites`).execute(db);
    await sql`drop table delphi_suites`.execute(db);
    await sql`alter table delphi_suites_next rename to delphi_suites`.execute(db);
    for (const row of kept.rows) await sql.raw(row.sql).execute(db);
    const broken = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`delphi_suites rebuild left ${broken.rows.length} broken foreign keys`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
