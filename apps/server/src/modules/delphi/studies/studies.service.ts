/**
 * Studies (issue 26, ADR 071): create, read, list, change and open/close. A study's games and
 * their order live in its versions; the study row names the version new participants get.
 * While a study is a draft or piloting, a change rewrites its version in place; once it has
 * been open, a change of games, settings or order makes the next version, so every suite keeps
 * pointing at what it ran.
 */
import { delphi } from '@chi/contract';
import { AppError, validationError } from '../../../http/app-error';
import type { RequestUser } from '../../../http/request-user';
import { newId } from '../../../security/secrets';
import type { Db } from '../delphi-db';
import type { StudyRow } from './study-access';
import { appAccess } from './study-access';
import { storedTexts } from './stored-texts';

type Json = string;

interface StudyVersion {
  readonly games: delphi.StudyGame[];
  readonly order: delphi.StudyOrder;
}

function parseJson<T>(text: Json, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

async function versionOf(db: Db, studyId: string, version: number): Promise<StudyVersion> {
  const row = await db.selectFrom('delphi_study_versions').select(['games', 'game_order']).where('study_id', '=', studyId).where('version', '=', version).executeTakeFirst();
  if (!row) throw new Error(`study ${studyId} has no version ${version}`);
  return { games: parseJson<delphi.StudyGame[]>(row.games, []), order: row.game_order as delphi.StudyOrder };
}

export async function studyView(db: Db, row: StudyRow, access: delphi.StudyAccess): Promise<delphi.Study> {
  const version = await versionOf(db, row.id, row.version);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    version: row.version,
    games: version.games,
    order: version.order,
    languages: parseJson<delphi.Study['languages']>(row.languages, ['en']),
    defaultLanguage: row.default_language as delphi.Study['defaultLanguage'],
    consentMarkdown: row.consent_markdown,
    consentTranslations: storedTexts(row.consent_translations),
    consentVersion: row.consent_version,
    endPageMarkdown: row.end_page_markdown,
    endPageTranslations: storedTexts(row.end_page_translations),
    completionRedirect: row.completion_redirect,
    declineRedirect: row.decline_redirect,
    completionCode: row.completion_code,
    targetSample: row.target_sample,
    devices: { phoneAllowed: row.phone_allowed === 1, keyboardNeeded: row.keyboard_needed === 1, microphoneNeeded: row.microphone_needed === 1 },
    participantParam: row.participant_param as delphi.ParticipantParam,
    keptParams: parseJson<string[]>(row.kept_params, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    access,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
}

type CreateInput = ReturnType<typeof delphi.createStudyInputSchema.parse>;

export async function createStudy(db: Db, user: RequestUser, input: CreateInput, now: Date): Promise<delphi.Study> {
  const id = newId();
  const at = now.toISOString();
  const games = input.games.map(delphi.normaliseStudyGame);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('delphi_studies')
        .values({
          id,
          slug: input.slug,
          name: input.name,
          status: 'draft',
          version: 1,
          languages: JSON.stringify(input.languages),
          default_language: input.defaultLanguage,
          consent_markdown: input.consentMarkdown,
          consent_version: input.consentMarkdown === '' ? 0 : 1,
          consent_translations: JSON.stringify(input.consentTranslations),
          end_page_markdown: input.endPageMarkdown,
          end_page_translations: JSON.stringify(input.endPageTranslations),
          completion_redirect: input.completionRedirect,
          decline_redirect: input.declineRedirect,
          completion_code: input.completionCode,
          target_sample: input.targetSample,
          phone_allowed: input.devices.phoneAllowed ? 1 : 0,
          keyboard_needed: input.devices.keyboardNeeded ? 1 : 0,
          microphone_needed: input.devices.microphoneNeeded ? 1 : 0,
          participant_param: input.participantParam,
          kept_params: JSON.stringify(input.keptParams),
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx.insertInto('delphi_study_versions').values({ study_id: id, version: 1, games: JSON.stringify(games), game_order: input.order, created_at: at }).execute();
      if (input.consentMarkdown !== '') await keepConsentVersion(trx, id, 1, input.consentMarkdown, input.consentTranslations, at);
      await trx.insertInto('delphi_study_members').values({ study_id: id, account_id: user.id, level: 'own', added_at: at }).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(delphi.STUDY_ERRORS.slugTaken);
    throw error;
  }
  const row = await db.selectFrom('delphi_studies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return studyView(db, row, appAccess(user) ?? 'own');
}

/** Keeps one version of the study's consent texts (ADR 079); an emptied text is kept too (that version asks nothing). */
async function keepConsentVersion(db: Db, studyId: string, version: number, markdown: string, translations: delphi.LanguageTexts, at: string): Promise<void> {
  await db.insertInto('delphi_study_consents').values({ study_id: studyId, version, markdown, translations: JSON.stringify(translations), created_at: at }).execute();
}

type UpdateInput = ReturnType<typeof delphi.studyUpdateSchema.parse>;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function updateStudy(db: Db, row: StudyRow, access: delphi.StudyAccess, update: UpdateInput, now: Date): Promise<delphi.Study> {
  const current = await studyView(db, row, access);
  if (update.slug !== undefined && update.slug !== row.slug && row.status !== 'draft') throw new AppError(delphi.STUDY_ERRORS.slugFixed);
  const games = update.games?.map(delphi.normaliseStudyGame);
  const next = {
    ...current,
    ...update,
    ...(games ? { games } : {}),
    devices: { ...current.devices, ...update.devices },
  };
  const issues = delphi.studyCrossIssues(next);
  if (issues.length > 0) throw validationError(issues.map((issue) => issue.message).join('; '));

  const at = now.toISOString();
  const designChanged = !sameJson(next.games, current.games) || next.order !== current.order;
  // A study that has been open (open or closed) keeps what its participants ran: a new version.
  const newVersion = designChanged && (row.status === 'open' || row.status === 'closed');
  const version = newVersion ? row.version + 1 : row.version;
  const consentChanged = next.consentMarkdown !== current.consentMarkdown || !sameJson(next.consentTranslations, current.consentTranslations);
  const consentVersion = consentChanged ? row.consent_version + 1 : row.consent_version;
  try {
    await db.transaction().execute(async (trx) => {
      // Each version's texts are kept: a participant's agreement names its version (ADR 079).
      if (consentChanged) await keepConsentVersion(trx, row.id, consentVersion, next.consentMarkdown, next.consentTranslations, at);
      if (newVersion) {
        await trx.insertInto('delphi_study_versions').values({ study_id: row.id, version, games: JSON.stringify(next.games), game_order: next.order, created_at: at }).execute();
      } else if (designChanged) {
        await trx.updateTable('delphi_study_versions').set({ games: JSON.stringify(next.games), game_order: next.order }).where('study_id', '=', row.id).where('version', '=', version).execute();
      }
      await trx
        .updateTable('delphi_studies')
        .set({
          slug: next.slug,
          name: next.name,
          version,
          languages: JSON.stringify(next.languages),
          default_language: next.defaultLanguage,
          consent_markdown: next.consentMarkdown,
          // A suite records the consent version its participant accepted: every change of the text, or of a translation, counts.
          consent_version: consentVersion,
          consent_translations: JSON.stringify(next.consentTranslations),
          end_page_markdown: next.endPageMarkdown,
          end_page_translations: JSON.stringify(next.endPageTranslations),
          completion_redirect: next.completionRedirect,
          decline_redirect: next.declineRedirect,
          completion_code: next.completionCode,
          target_sample: next.targetSample,
          phone_allowed: next.devices.phoneAllowed ? 1 : 0,
          keyboard_needed: next.devices.keyboardNeeded ? 1 : 0,
          microphone_needed: next.devices.microphoneNeeded ? 1 : 0,
          participant_param: next.participantParam,
          kept_params: JSON.stringify(next.keptParams),
          updated_at: at,
        })
        .where('id', '=', row.id)
        .execute();
    });
  } catch (error) {
    // The slug, when it changed; otherwise a version (of the games or the consent) another change took first.
    if (isUniqueViolation(error)) throw new AppError(next.slug !== row.slug ? delphi.STUDY_ERRORS.slugTaken : delphi.STUDY_ERRORS.changedMeanwhile);
    throw error;
  }
  const updated = await db.selectFrom('delphi_studies').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return studyView(db, updated, access);
}

export async function setStudyStatus(db: Db, row: StudyRow, access: delphi.StudyAccess, status: delphi.StudyStatus, now: Date): Promise<delphi.Study> {
  if (status !== row.status) {
    if (!delphi.STUDY_TRANSITIONS[row.status].includes(status)) {
      throw new AppError({ ...delphi.STUDY_ERRORS.badTransition, message: `A ${row.status} study cannot become ${status} (allowed: ${delphi.STUDY_TRANSITIONS[row.status].join(', ')}).` });
    }
    // Only from the status read: two managers changing it at once cannot both win.
    const changed = await db.updateTable('delphi_studies').set({ status, updated_at: now.toISOString() }).where('id', '=', row.id).where('status', '=', row.status).executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new AppError(delphi.STUDY_ERRORS.badTransition);
  }
  const updated = await db.selectFrom('delphi_studies').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return studyView(db, updated, access);
}

/** The studies the caller may see, with their participant counts (previews and pilot runs left out), newest change first. */
export async function listStudies(db: Db, user: RequestUser): Promise<delphi.StudySummary[]> {
  const app = appAccess(user);
  let query = db
    .selectFrom('delphi_studies as s')
    .leftJoin('delphi_study_members as m', (join) => join.onRef('m.study_id', '=', 's.id').on('m.account_id', '=', user.isGuest ? '' : user.id))
    .select(['s.id', 's.slug', 's.name', 's.status', 's.version', 's.target_sample', 's.updated_at', 'm.level'])
    .select((eb) => [
      eb
        .selectFrom('delphi_suites as u')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('u.study_id', '=', 's.id')
        .where('u.preview', '=', 0)
        .where('u.pilot', '=', 0)
        .as('started'),
      eb
        .selectFrom('delphi_suites as u')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('u.study_id', '=', 's.id')
        .where('u.preview', '=', 0)
        .where('u.pilot', '=', 0)
        .where('u.completed_at', 'is not', null)
        .as('completed'),
      eb
        .selectFrom('delphi_suites as u')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('u.study_id', '=', 's.id')
        .where('u.preview', '=', 0)
        .where('u.pilot', '=', 0)
        // Excluded now: the participant's latest whole-participant row in the exclusion log is an exclusion (ADR 025).
        .where((e) =>
          e(
            e.selectFrom('delphi_exclusion_log as l').select('l.action').whereRef('l.suite_id', '=', 'u.id').where('l.game_name', 'is', null).orderBy('l.seq', 'desc').limit(1),
            '=',
            'exclude',
          ),
        )
        .as('excluded'),
      eb.selectFrom('delphi_suites as u').select((e) => e.fn.max('u.created_at').as('at')).whereRef('u.study_id', '=', 's.id').where('u.preview', '=', 0).as('lastStart'),
      eb.selectFrom('delphi_suites as u').select((e) => e.fn.max('u.completed_at').as('at')).whereRef('u.study_id', '=', 's.id').where('u.preview', '=', 0).as('lastEnd'),
    ])
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id');
  if (!app) query = query.where('m.level', 'is not', null);
  const rows = await query.execute();
  return rows.map((row) => {
    const times = [row.lastStart, row.lastEnd].filter((t): t is string => typeof t === 'string');
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      status: row.status,
      version: row.version,
      targetSample: row.target_sample,
      updatedAt: row.updated_at,
      access: app ?? (row.level as delphi.StudyLevel),
      started: Number(row.started ?? 0),
      completed: Number(row.completed ?? 0),
      excluded: Number(row.excluded ?? 0),
      lastActivity: times.length > 0 ? times.sort().at(-1) ?? null : null,
    };
  });
}

/** The study's versions, newest first, with the participants who started on each (previews and pilot runs left out). */
export async function listStudyVersions(db: Db, studyId: string): Promise<delphi.StudyVersionInfo[]> {
  const rows = await db
    .selectFrom('delphi_study_versions as v')
    .select(['v.version', 'v.created_at', 'v.games', 'v.game_order'])
    .select((eb) =>
      eb
        .selectFrom('delphi_suites as u')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('u.study_id', '=', 'v.study_id')
        .whereRef('u.study_version', '=', 'v.version')
        .where('u.preview', '=', 0)
        .where('u.pilot', '=', 0)
        .as('started'),
    )
    .where('v.study_id', '=', studyId)
    .orderBy('v.version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    createdAt: row.created_at,
    games: parseJson<delphi.StudyGame[]>(row.games, []),
    order: row.game_order as delphi.StudyOrder,
    started: Number(row.started ?? 0),
  }));
}
