/**
 * A participant arrives by a study link (issue 26, ADR 071): `/s/<slug>?PROLIFIC_PID=…&STUDY_ID=…`.
 * Their suite in that study is found (a reload, a second tab) or made: the participant id from
 * the URL parameter the study names (or made here for an anonymous link), the study's kept panel
 * parameters, the study version and the order of games the design gives the next participant.
 * A draft refuses participants and a closed study newcomers; a newcomer past the target sample is told the
 * study is full. The study's team may preview it in any status; a preview is marked and counts
 * for nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTIFIER_PATTERN, delphi } from '@chi/contract';
import { AppError, validationError } from '../../../http/app-error';
import { newId, sha256Hex } from '../../../security/secrets';
import type { Db } from '../delphi-db';
import { bindSuite } from '../suite-key';
import { suiteView } from '../suite.service';
import { heldOrders, leastFilledRow } from './order-row';
import { studyFor } from './study-access';
import type { StudyRow } from './study-access';
import { storedTexts } from './stored-texts';

type EnterInput = ReturnType<typeof delphi.enterStudy.input.parse>;

interface SuiteRow {
  readonly id: string;
  readonly participant_id: string;
  readonly study_version: number;
  readonly game_order: string | null;
  readonly consent_version: number | string | null;
}

function findSuite(db: Db, studyId: string, participantId: string): Promise<SuiteRow | undefined> {
  return db
    .selectFrom('delphi_suites')
    .select(['id', 'participant_id', 'study_version', 'game_order', 'consent_version'])
    .where('study_id', '=', studyId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
}

async function countSuites(db: Db, studyId: string, kind: { preview: number; pilot: number }): Promise<number> {
  const row = await db
    .selectFrom('delphi_suites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('study_id', '=', studyId)
    .where('preview', '=', kind.preview)
    .where('pilot', '=', kind.pilot)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * An id the server makes: the one this browser was given before (to resume), else drawn from the
 * browser's own key when it sends one, so a retry whose answer was lost finds the same suite.
 */
function anonymousId(input: EnterInput, prefix: 'anon' | 'preview'): string {
  if (input.participantId !== undefined && IDENTIFIER_PATTERN.test(input.participantId) && input.participantId.startsWith(`${prefix}-`)) return input.participantId;
  if (input.browserKey !== undefined) return `${prefix}-${sha256Hex(`${prefix}-participant:${input.browserKey}`).slice(0, 32)}`;
  return `${prefix}-${newId()}`;
}

function participantIdOf(study: StudyRow, input: EnterInput): string {
  const param = study.participant_param as delphi.ParticipantParam;
  if (param === 'anonymous') {
    // A browser coming back with the id it was given resumes; the suite key still decides (ADR 043).
    return anonymousId(input, 'anon');
  }
  const value = input.params[param]?.trim() ?? '';
  // A researcher's preview has no panel behind it: the preview gets an id of its own, as an anonymous link does.
  if (value === '' && input.preview) return anonymousId(input, 'preview');
  if (value === '') throw validationError(`This study link has no ${param}: open it from the link the study gave you.`);
  if (!IDENTIFIER_PATTERN.test(value)) throw validationError(`${param}: not a valid participant id`);
  return value;
}

/** Every order of the Latin-square design for `games` (row r is what assignGameOrder gives ordinal r). */
function latinRows(games: readonly delphi.GameName[]): delphi.GameName[][] {
  return Array.from({ length: delphi.orderCycleLength('latin-square', games.length) }, (_, r) => delphi.assignGameOrder(games, 'latin-square', r));
}

async function versionGames(db: Db, studyId: string, version: number): Promise<{ games: delphi.StudyGame[]; order: delphi.StudyOrder }> {
  const row = await db.selectFrom('delphi_study_versions').select(['games', 'game_order']).where('study_id', '=', studyId).where('version', '=', version).executeTakeFirstOrThrow();
  return { games: JSON.parse(row.games) as delphi.StudyGame[], order: row.game_order as delphi.StudyOrder };
}

export async function enterStudy(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  input: EnterInput,
  now: Date,
): Promise<delphi.EnterStudyAnswer> {
  let study: StudyRow;
  if (input.preview) {
    study = (await studyFor(db, input.study, request.user, 'develop')).study;
  } else {
    const row = await db.selectFrom('delphi_studies').selectAll().where('slug', '=', input.study).executeTakeFirst();
    if (!row) throw new AppError(delphi.STUDY_ERRORS.studyNotFound);
    if (row.status === 'draft') throw new AppError(delphi.STUDY_ERRORS.notOpen);
    study = row;
  }
  const participantId = participantIdOf(study, input);
  let suite = await findSuite(db, study.id, participantId);
  const resumed = suite !== undefined;
  // Closing a study stops newcomers; whoever started before may still finish.
  if (!suite && !input.preview && study.status === 'closed') throw new AppError(delphi.STUDY_ERRORS.notOpen);
  // A device the study cannot use is told so before anything is made: no suite, so no row of the
  // design and no place in the target sample is held by someone who cannot play (ADR 073 amended).
  // A suite already made is neither resumed nor bound to this browser.
  const devices = devicesOf(study);
  const deviceProblems = input.device ? delphi.deviceProblems(devices, input.device) : [];
  if (deviceProblems.length > 0) {
    const version = await versionGames(db, study.id, suite?.study_version ?? study.version);
    return { deviceProblems, study: participantStudy(study, suite?.study_version ?? study.version, suite?.consent_version ?? null, version.games) };
  }
  if (!suite) {
    const kind = { preview: input.preview ? 1 : 0, pilot: !input.preview && study.status === 'piloting' ? 1 : 0 };
    const kept: Record<string, string> = {};
    for (const name of JSON.parse(study.kept_params) as string[]) {
      const value = input.params[name];
      if (value !== undefined) kept[name] = value;
    }
    const current = study;
    await db.transaction().execute(async (trx) => {
      // The study's row is locked first (a write: a row lock on PostgreSQL, the write lock on
      // SQLite), so newcomers arriving at once are counted one after the other: the target sample
      // and the design's rows see every earlier newcomer.
      await trx.updateTable('delphi_studies').set({ updated_at: current.updated_at }).where('id', '=', current.id).execute();
      const live = kind.preview === 0 && kind.pilot === 0;
      if (live && current.target_sample !== null && (await countSuites(trx, current.id, kind)) >= current.target_sample) throw new AppError(delphi.STUDY_ERRORS.full);
      const version = await versionGames(trx, current.id, current.version);
      const games = version.games.map((entry) => entry.game);
      // Live runs keep the design balanced among themselves, pilot runs among theirs (ADR 071).
      const row = version.order === 'latin-square' ? leastFilledRow(latinRows(games), await heldOrders(trx, current, kind, now)) : 0;
      await trx
        .insertInto('delphi_suites')
        .values({
          id: newId(),
          participant_id: participantId,
          study_id: current.id,
          study_version: current.version,
          kind: 'local',
          parent_origin: null,
          created_at: now.toISOString(),
          panel_params: JSON.stringify(kept),
          game_order: JSON.stringify(delphi.assignGameOrder(games, version.order, row)),
          preview: kind.preview,
          pilot: kind.pilot,
        })
        // Two tabs at once: the participant id is unique in its study, exactly one insert wins.
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    suite = await findSuite(db, study.id, participantId);
    if (!suite) throw new Error('suite vanished right after it was created');
  }
  await bindSuite(db, request, reply, suite.id, input.browserKey);

  const version = await versionGames(db, study.id, suite.study_version);
  const settings = new Map(version.games.map((entry) => [entry.game, entry.settings]));
  const order = suite.game_order ? (JSON.parse(suite.game_order) as delphi.GameName[]) : version.games.map((entry) => entry.game);
  return {
    suite: await suiteView(db, suite.id, suite.participant_id),
    resumed,
    study: participantStudy(
      study,
      suite.study_version,
      suite.consent_version,
      order.map((game) => ({ game, settings: settings.get(game) ?? {} })),
    ),
  };
}

function devicesOf(study: StudyRow): delphi.ParticipantStudy['devices'] {
  return { phoneAllowed: study.phone_allowed === 1, keyboardNeeded: study.keyboard_needed === 1, microphoneNeeded: study.microphone_needed === 1 };
}

/** What the participant's page gets of its study: `version` the one their suite runs, `games` in their order. */
function participantStudy(study: StudyRow, version: number, acceptedConsent: number | string | null, games: delphi.StudyGame[]): delphi.ParticipantStudy {
  return {
    slug: study.slug,
    name: study.name,
    status: study.status,
    version,
    languages: JSON.parse(study.languages) as delphi.ParticipantStudy['languages'],
    defaultLanguage: study.default_language as delphi.ParticipantStudy['defaultLanguage'],
    consentMarkdown: study.consent_markdown,
    consentTranslations: storedTexts(study.consent_translations),
    // 0 when the study asks for no consent, also after its text was removed (its count stays above 0).
    consentVersion: study.consent_markdown.trim() === '' ? 0 : Number(study.consent_version),
    acceptedConsentVersion: acceptedConsent === null ? 0 : Number(acceptedConsent),
    endPageMarkdown: study.end_page_markdown,
    endPageTranslations: storedTexts(study.end_page_translations),
    devices: devicesOf(study),
    games,
  };
}
