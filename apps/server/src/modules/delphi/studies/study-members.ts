/**
 * A study's team (issue 26, ADR 071): accounts with SPEC §6's levels. Owners (and manageApp,
 * devOp) add, change and remove members; a study always keeps at least one owner.
 */
import { delphi } from '@chi/contract';
import { AppError } from '../../../http/app-error';
import type { Db } from '../delphi-db';

export async function listMembers(db: Db, studyId: string): Promise<delphi.StudyMember[]> {
  const rows = await db
    .selectFrom('delphi_study_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.account_id', 'm.level', 'm.added_at', 'a.first_name', 'a.last_name', 'a.email'])
    .where('m.study_id', '=', studyId)
    .orderBy('m.added_at')
    .orderBy('m.account_id')
    .execute();
  return rows.map((row) => ({
    accountId: row.account_id,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    email: row.email,
    level: row.level,
    addedAt: row.added_at,
  }));
}

async function otherOwners(db: Db, studyId: string, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('delphi_study_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('study_id', '=', studyId)
    .where('level', '=', 'own')
    .where('account_id', '<>', accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Adds an active account at a level, or changes its level; the last owner cannot step down. */
export async function addMember(db: Db, studyId: string, accountId: string, level: delphi.StudyLevel, now: Date): Promise<void> {
  const account = await db.selectFrom('accounts').select('status').where('id', '=', accountId).executeTakeFirst();
  if (!account || account.status !== 'active') throw new AppError(delphi.STUDY_ERRORS.unknownAccount);
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('delphi_study_members').select('level').where('study_id', '=', studyId).where('account_id', '=', accountId).executeTakeFirst();
    if (existing) {
      if (existing.level === 'own' && level !== 'own' && (await otherOwners(trx, studyId, accountId)) === 0) throw new AppError(delphi.STUDY_ERRORS.lastOwner);
      await trx.updateTable('delphi_study_members').set({ level }).where('study_id', '=', studyId).where('account_id', '=', accountId).execute();
    } else {
      await trx.insertInto('delphi_study_members').values({ study_id: studyId, account_id: accountId, level, added_at: now.toISOString() }).onConflict((oc) => oc.doNothing()).execute();
    }
  });
}

export async function removeMember(db: Db, studyId: string, accountId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('delphi_study_members').select('level').where('study_id', '=', studyId).where('account_id', '=', accountId).executeTakeFirst();
    if (!existing) return;
    if (existing.level === 'own' && (await otherOwners(trx, studyId, accountId)) === 0) throw new AppError(delphi.STUDY_ERRORS.lastOwner);
    await trx.deleteFrom('delphi_study_members').where('study_id', '=', studyId).where('account_id', '=', accountId).execute();
  });
}
