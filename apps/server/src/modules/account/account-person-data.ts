/**
 * The account module's own tables in the person-data registry (ADR 055). Sessions and mail-link
 * tokens are deleted with the account; the download shows them at its top level (`sessions`,
 * `tokens`), so this entry's part of it is the session keys the person made. Those keys stay
 * (participants may still hold them) without the name of their maker.
 */
import type { UserDataRegistry } from './user-data-registry';

export function registerAccountPersonData(userData: UserDataRegistry): void {
  userData.register({
    name: 'sessionKeys',
    columns: ['sessions.account_id', 'account_tokens.account_id', 'session_keys.created_by'],
    forget: async (accountId, trx) => {
      await trx.deleteFrom('sessions').where('account_id', '=', accountId).execute();
      await trx.deleteFrom('account_tokens').where('account_id', '=', accountId).execute();
      await trx.updateTable('session_keys').set({ created_by: null }).where('created_by', '=', accountId).execute();
    },
    export: async (accountId, db) => {
      const keys = await db.selectFrom('session_keys').select(['label', 'created_at', 'expires_at', 'revoked_at']).where('created_by', '=', accountId).orderBy('created_at').execute();
      return keys.length === 0 ? undefined : keys.map((k) => ({ label: k.label, createdAt: k.created_at, expiresAt: k.expires_at, revokedAt: k.revoked_at }));
    },
  });
}
