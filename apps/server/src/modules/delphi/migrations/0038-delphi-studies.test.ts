/**
 * Migration 0038 (issue 26): existing suites move into the DEFAULT study with everything they
 * hold (games, key hash, completion), and participant ids become unique per study.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createTestDatabase } from '../../../test/test-app';
import type { TestDatabase } from '../../../test/test-app';
import { migrateTo, migrateToLatest } from '../../../db/migrate';
import { migrationBefore } from '../../../test/migration-before';

describe.each(TEST_DIALECTS)('migration 0038 (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.cleanup());

  it('moves every suite into the default study, keeps its games, and makes participant ids unique per study', async () => {
    await migrateTo(t.database, migrationBefore('0038-delphi-studies'));
    const db = t.database.db;
    const at = '2026-11-25T10:00:00.000Z';
    await sql`insert into delphi_suites (id, participant_id, kind, parent_origin, created_at, completed_at, key_hash)
      values ('s1', 'P1', 'local', null, ${at}, ${at}, 'abc'), ('s2', 'P2', 'study', 'https://lab.example.org', ${at}, null, null)`.execute(db);
    await sql`insert into delphi_games (id, suite_id, game_name, client_id, started_at, start_timestamp, attributes, received_at)
      values ('g1', 's1', 'QuizTime', 'c1', 1, 1, '{}', ${at})`.execute(db);

    await migrateToLatest(t.database);

    const study = await db.selectFrom('delphi_studies').selectAll().executeTakeFirstOrThrow();
    expect(study).toMatchObject({ id: 'default', slug: 'default', status: 'open', version: 1, participant_param: 'participantId', languages: '["en","dk"]' });
    const version = await db.selectFrom('delphi_study_versions').selectAll().executeTakeFirstOrThrow();
    expect(version).toMatchObject({ study_id: 'default', version: 1, game_order: 'fixed' });
    expect(JSON.parse(version.games)).toEqual([
      { game: 'QuizTime', settings: {} },
      { game: 'FlashMatch', settings: {} },
      { game: 'WordLinks', settings: { optional: true } },
      { game: 'ColorCatch', settings: {} },
      { game: 'MimeMix', settings: {} },
      { game: 'MorningMemo', settings: {} },
    ]);

    const suites = await db
      .selectFrom('delphi_suites')
      .select(['id', 'participant_id', 'kind', 'parent_origin', 'completed_at', 'key_hash', 'study_id', 'study_version', 'panel_params', 'game_order', 'consent_at', 'preview', 'pilot'])
      .orderBy('id')
      .execute();
    const order = '["QuizTime","FlashMatch","WordLinks","ColorCatch","MimeMix","MorningMemo"]';
    const moved = { study_id: 'default', study_version: 1, panel_params: '{}', game_order: order, consent_at: null, preview: 0, pilot: 0 };
    expect(suites).toEqual([
      { id: 's1', participant_id: 'P1', kind: 'local', parent_origin: null, completed_at: at, key_hash: 'abc', ...moved },
      { id: 's2', participant_id: 'P2', kind: 'study', parent_origin: 'https://lab.example.org', completed_at: null, key_hash: null, ...moved },
    ]);
    // The rebuild (SQLite) dropped no child row.
    expect(await db.selectFrom('delphi_games').select(['id', 'suite_id']).execute()).toEqual([{ id: 'g1', suite_id: 's1' }]);

    // The same participant id in another study is a new suite; twice in one study is refused.
    await sql`insert into delphi_studies (id, slug, name, status, version, languages, default_language, consent_markdown, consent_version,
        end_page_markdown, phone_allowed, keyboard_needed, microphone_needed, participant_param, kept_params, created_at, updated_at)
      values ('st2', 'second', 'Second', 'open', 1, '["en"]', 'en', '', 0, '', 1, 0, 0, 'PROLIFIC_PID', '[]', ${at}, ${at})`.execute(db);
    await sql`insert into delphi_suites (id, participant_id, kind, created_at, study_id) values ('s3', 'P1', 'study', ${at}, 'st2')`.execute(db);
    await expect(sql`insert into delphi_suites (id, participant_id, kind, created_at, study_id) values ('s4', 'P1', 'study', ${at}, 'st2')`.execute(db)).rejects.toThrow();
    // A suite written without a study lands in the default one; an unknown study is refused (the foreign key holds).
    await expect(sql`insert into delphi_suites (id, participant_id, kind, created_at) values ('s5', 'P1', 'local', ${at})`.execute(db)).rejects.toThrow();
    await sql`insert into delphi_suites (id, participant_id, kind, created_at) values ('s6', 'P9', 'local', ${at})`.execute(db);
    expect((await db.selectFrom('delphi_suites').select('study_id').where('id', '=', 's6').executeTakeFirstOrThrow()).study_id).toBe('default');
    await expect(sql`insert into delphi_suites (id, participant_id, kind, created_at, study_id) values ('s7', 'P7', 'local', ${at}, 'nope')`.execute(db)).rejects.toThrow();
    // Deleting a suite still deletes its games (ON DELETE CASCADE survives the rebuild).
    await sql`delete from delphi_suites where id = 's1'`.execute(db);
    expect(await db.selectFrom('delphi_games').select('id').execute()).toEqual([]);
  });

  it('goes back down: default-study suites stay with their games, one participant id overall again', async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      await migrateToLatest(fresh.database);
      const db = fresh.database.db;
      const at = '2026-11-25T10:00:00.000Z';
      await sql`insert into delphi_suites (id, participant_id, kind, created_at) values ('d1', 'P1', 'local', ${at})`.execute(db);
      await sql`insert into delphi_games (id, suite_id, game_name, client_id, started_at, start_timestamp, attributes, received_at)
        values ('g1', 'd1', 'QuizTime', 'c1', 1, 1, '{}', ${at})`.execute(db);
      await migrateTo(fresh.database, migrationBefore('0038-delphi-studies'));
      expect(await db.selectFrom('delphi_suites').select(['id', 'participant_id']).execute()).toEqual([{ id: 'd1', participant_id: 'P1' }]);
      expect(await db.selectFrom('delphi_games').select('id').execute()).toEqual([{ id: 'g1' }]);
      await expect(sql`insert into delphi_suites (id, participant_id, kind, created_at) values ('d2', 'P1', 'local', ${at})`.execute(db)).rejects.toThrow();
      // And up again.
      expect(await migrateToLatest(fresh.database)).toContain('0038-delphi-studies');
    } finally {
      await fresh.cleanup();
    }
  });
});
