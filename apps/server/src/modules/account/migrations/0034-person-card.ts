/**
 * The person card's fields on the account (issue 25 item 16, issue 24 item 16, ADR 056):
 * programme, university and awards are kept with the account and edited through account
 * calls, because `_Person` documents are immutable like every `_` data type (SPEC §4).
 * Awards are a JSON array of strings. What owners had already put in their `_Person`
 * document is carried over, so no card loses what it showed.
 */
import type { Kysely } from 'kysely';

interface Frozen {
  accounts: { id: string; programme: string; university: string; awards: string };
  documents: { app_id: string; data_type: string; id: string; data: string };
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('programme', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('accounts').addColumn('university', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('accounts').addColumn('awards', 'text', (c) => c.notNull().defaultTo('[]')).execute();

  const frozen = db as unknown as Kysely<Frozen>;
  const people = await frozen.selectFrom('documents').select(['id', 'data']).where('app_id', '=', 'app').where('data_type', '=', '_Person').execute();
  for (const person of people) {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(person.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    const awards = Array.isArray(data.awards) ? data.awards.map((award) => text(award, 500)).filter(Boolean).slice(0, 100) : [];
    await frozen
      .updateTable('accounts')
      .set({ programme: text(data.programme, 500), university: text(data.university, 500), awards: JSON.stringify(awards) })
      .where('id', '=', person.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['awards', 'university', 'programme']) await db.schema.alterTable('accounts').dropColumn(column).execute();
}
