/**
 * Migration 0042 (ADR 079): existing studies get no translations, existing agreements no language,
 * and each study that asks for a consent keeps its current text as its current version.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createTestDatabase } from '../../../test/test-app';
import type { TestDatabase } from '../../../test/test-app';
import { migrateTo, migrateToLatest } from '../../../db/migrate';
import { migrationBefore } from '../../../test/migration-before';

describe.each(TEST_DIALECTS)('migration 0042 (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.cleanup());

  it('keeps each study’s current consent text as its version, with no translations; earlier agreements have no language', async () => {
    await migrateTo(t.database, migrationBefore('0042-delphi-study-translations'));
    const db = t.database.db;
    const at = '2026-11-27T10:00:00.000Z';
    await sql`insert into delphi_studies (id, slug, name, status, version, languages, default_language, consent_markdown, consent_version,
        end_page_markdown, phone_allowed, keyboard_needed, microphone_needed, participant_param, kept_params, created_at, updated_at)
      values ('st1', 'asks', 'Asks', 'open', 1, '["en","dk"]', 'en', 'I agree, third text.', 3, 'Bye', 1, 0, 0, 'participantId', '[]', ${at}, ${at}),
             ('st2', 'asked-once', 'Asked once', 'open', 1, '["en"]', 'en', '', 2, '', 1, 0, 0, 'participantId', '[]', ${at}, ${at})`.execute(db);
    await sql`insert into delphi_suites (id, participant_id, kind, created_at, study_id, consent_at, consent_version) values ('s1', 'P1', 'study', ${at}, 'st1', ${at}, 3)`.execute(db);

    await migrateToLatest(t.database);

    const studies = await db.selectFrom('delphi_studies').select(['id', 'consent_translations', 'end_page_translations']).where('id', 'in', ['st1', 'st2']).orderBy('id').execute();
    expect(studies).toEqual([
      { id: 'st1', consent_translations: '{}', end_page_translations: '{}' },
      { id: 'st2', consent_translations: '{}', end_page_translations: '{}' },
    ]);
    const versions = await db.selectFrom('delphi_study_consents').selectAll().where('study_id', 'in', ['st1', 'st2']).orderBy('study_id').execute();
    expect(versions.map((v) => ({ ...v, version: Number(v.version) }))).toEqual([
      { study_id: 'st1', version: 3, markdown: 'I agree, third text.', translations: '{}', created_at: at },
      // A removed text is a version too: from it on the study asks for nothing.
      { study_id: 'st2', version: 2, markdown: '', translations: '{}', created_at: at },
    ]);
    expect(await db.selectFrom('delphi_suites').select(['consent_language']).where('id', '=', 's1').executeTakeFirstOrThrow()).toEqual({ consent_language: null });
    // Deleting a study deletes its consent versions.
    await sql`delete from delphi_suites where study_id = 'st2'`.execute(db);
    await sql`delete from delphi_studies where id = 'st2'`.execute(db);
    expect(await db.selectFrom('delphi_study_consents').select('study_id').where('study_id', '=', 'st2').execute()).toEqual([]);
  });
});
