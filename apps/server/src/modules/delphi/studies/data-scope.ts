/**
 * Which suites a /Data call or an export reads (issue 26 items 4–6, ADR 074): one study's, its
 * live runs unless test runs (preview, pilot) are asked for. The caller's level in the study is
 * checked here, on the server, for every such call: review+ reads, manage+ excludes and releases;
 * manageApp and devOp reach every study (study-access.ts).
 *
 * `everything` says that no suite in the database falls outside the scope (today's one study of
 * live runs): the callers then read as they did before studies, without a filter, so the
 * default study's exports and figures keep their speed.
 */
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { AppError } from '../../../http/app-error';
import type { RequestUser } from '../../../http/request-user';
import type { Db } from '../delphi-db';
import { studyFor } from './study-access';

type Sql = RawBuilder<boolean>;

export interface DataScope {
  readonly studyId: string;
  readonly slug: string;
  readonly runs: delphi.DataRuns;
  /** No suite of the database is outside the scope: no filter is needed. */
  readonly everything: boolean;
}

/** The condition on `delphi_suites` (or its alias) of the scope's suites. */
export function suiteCondition(scope: Pick<DataScope, 'studyId' | 'runs'>, alias?: string): Sql {
  const col = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const study = sql<boolean>`${col('study_id')} = ${scope.studyId}`;
  if (scope.runs === 'all') return study;
  const test = sql<boolean>`(${col('preview')} = 1 or ${col('pilot')} = 1)`;
  return scope.runs === 'test' ? sql<boolean>`${study} and ${test}` : sql<boolean>`${study} and not ${test}`;
}

/** A condition on a table with `suite_id` (or `<alias>.suite_id`): its suite is in the scope; TRUE when everything is. */
export function inScope(scope: DataScope, alias?: string): Sql {
  if (scope.everything) return sql<boolean>`1 = 1`;
  const column = sql.ref(alias ? `${alias}.suite_id` : 'suite_id');
  return sql<boolean>`${column} in (select id from delphi_suites where ${suiteCondition(scope)})`;
}

/** What a suite was: a participant's run, a piloting run, or a researcher's preview. */
export function runOf(suite: { preview: number | string; pilot: number | string }): delphi.SuiteRun {
  if (Number(suite.preview) === 1) return 'preview';
  return Number(suite.pilot) === 1 ? 'pilot' : 'live';
}

async function scopeOf(db: Db, study: { id: string; slug: string }, runs: delphi.DataRuns): Promise<DataScope> {
  const scope = { studyId: study.id, slug: study.slug, runs };
  const outside = await db
    .selectFrom('delphi_suites')
    .select('id')
    .where(sql<boolean>`not (${suiteCondition(scope)})`)
    .limit(1)
    .executeTakeFirst();
  return { ...scope, everything: outside === undefined };
}

/** The scope of a call naming a study (default: the default study) and runs (default: live), checked at `needed`. */
export async function dataScope(
  db: Db,
  user: RequestUser | null,
  input: { study?: string | undefined; runs?: delphi.DataRuns | undefined },
  needed: delphi.StudyLevel = 'review',
): Promise<DataScope> {
  const { study } = await studyFor(db, input.study ?? delphi.DEFAULT_STUDY_SLUG, user, needed);
  return scopeOf(db, study, input.runs ?? 'live');
}

/** The study of a suite named by a call (exclude, release, timeline), checked at `needed`: 404 for an unknown suite. */
export async function suiteStudy(db: Db, user: RequestUser | null, suiteId: string, needed: delphi.StudyLevel): Promise<{ studyId: string }> {
  const suite = await db.selectFrom('delphi_suites').select('study_id').where('id', '=', suiteId).executeTakeFirst();
  if (!suite) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
  const { study } = await studyFor(db, suite.study_id, user, needed);
  return { studyId: study.id };
}

/** The scope an export was made with (its record), for the job that writes it: no caller, no check. */
export async function exportScope(db: Db, studyId: string, runs: delphi.DataRuns): Promise<DataScope> {
  const study = await db.selectFrom('delphi_studies').select(['id', 'slug']).where('id', '=', studyId).executeTakeFirst();
  return scopeOf(db, study ?? { id: studyId, slug: studyId }, runs);
}
