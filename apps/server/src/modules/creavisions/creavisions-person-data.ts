/**
 * Creative visions in the person-data registry (ADR 055): a facilitator's events stay (they are
 * the participants' data) without an owner; what someone wrote after joining with their account
 * (participant `account:<id>`) is theirs, so it is shown in their download and deleted with them.
 */
import type { UserDataRegistry } from '../account/user-data-registry';

const participantOf = (accountId: string) => `account:${accountId}`;

export function registerCreavisionsPersonData(userData: UserDataRegistry): void {
  userData.register({
    name: 'creativeVisions',
    columns: ['cv_events.owner_id', 'cv_sessions.account_id'],
    forget: async (accountId, trx) => {
      await trx.updateTable('cv_events').set({ owner_id: null }).where('owner_id', '=', accountId).execute();
      const participant = participantOf(accountId);
      await trx.deleteFrom('cv_log').where('participant', '=', participant).execute();
      await trx.deleteFrom('cv_entries').where('participant', '=', participant).execute();
      await trx.deleteFrom('cv_sessions').where('account_id', '=', accountId).execute();
    },
    export: async (accountId, db) => {
      const events = await db.selectFrom('cv_events').select(['name', 'title', 'created_at']).where('owner_id', '=', accountId).orderBy('created_at').execute();
      const entries = await db
        .selectFrom('cv_entries')
        .innerJoin('cv_events', 'cv_events.id', 'cv_entries.event_id')
        .select(['cv_events.name as event', 'cv_entries.title', 'cv_entries.text', 'cv_entries.image_url', 'cv_entries.created_at'])
        .where('cv_entries.participant', '=', participantOf(accountId))
        .orderBy('cv_entries.created_at')
        .execute();
      if (events.length === 0 && entries.length === 0) return undefined;
      return {
        eventsFacilitated: events.map((e) => ({ name: e.name, title: e.title, createdAt: e.created_at })),
        entries: entries.map((e) => ({ event: e.event, title: e.title, text: e.text, imageUrl: e.image_url, createdAt: e.created_at })),
      };
    },
  });
}
