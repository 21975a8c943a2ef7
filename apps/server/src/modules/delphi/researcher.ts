/** Who made a researcher's recorded decision (an exclusion, a release): the account and its name as it reads now. */
import type { RequestUser } from '../../http/request-user';
import type { Db } from './delphi-db';

export interface Researcher {
  readonly accountId: string | null;
  readonly name: string;
}

export async function researcherOf(db: Db, user: RequestUser | null): Promise<Researcher> {
  if (!user || user.isGuest) return { accountId: null, name: 'unknown' };
  const account = await db.selectFrom('accounts').select(['first_name', 'last_name', 'email']).where('id', '=', user.id).executeTakeFirst();
  const name = account ? `${account.first_name} ${account.last_name}`.trim() || account.email : user.id;
  return { accountId: user.id, name };
}
