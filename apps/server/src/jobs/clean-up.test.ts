/** The periodic clean-up deletes exactly what can never be used again, and nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate';
import { newId } from '../security/secrets';
import { TEST_DIALECTS, createTestDatabase } from '../test/test-app';
import type { TestDatabase } from '../test/test-app';
import { FINISHED_JOB_RETENTION_MS, cleanUp } from './clean-up';
import { insertJob } from './job.repo';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const DAY = 24 * 60 * 60_000;

describe.each(TEST_DIALECTS)('clean-up (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await migrateToLatest(t.database);
  });
  afterAll(() => t.cleanup());

  it('removes expired sessions, spent tokens, ended windows and old finished jobs only', async () => {
    const db = t.database.db;
    const account = newId();
    await db
      .insertInto('accounts')
      .values({ id: account, email: 'c@example.org', first_name: 'C', last_name: 'U', password_hash: null, status: 'active', created_at: at(-DAY), updated_at: at(-DAY) })
      .execute();
    const session = (name: string, expires: number) => ({
      id: name, token_hash: `hash-${name}`, account_id: account, session_key_id: null,
      created_at: at(-DAY), last_seen_at: at(-DAY), expires_at: at(expires), max_expires_at: null,
    });
    await db.insertInto('sessions').values([session('expired', -1), session('ends-now', 0), session('live', 60_000)]).execute();
    const token = (name: string, expires: number, used: string | null) => ({
      id: name, token_hash: `hash-${name}`, account_id: account, kind: 'resetPassword' as const, created_at: at(-DAY), expires_at: at(expires), used_at: used,
    });
    await db.insertInto('account_tokens').values([token('expired', -1, null), token('used', 60_000, at(-5)), token('usable', 60_000, null)]).execute();
    await db.insertInto('rate_limits').values([{ bucket: 'ended', count: 9, reset_at: at(-1) }, { bucket: 'open', count: 3, reset_at: at(1) }]).execute();
    const job = async (name: string, status: 'queued' | 'running' | 'done' | 'failed', finished: number | null) => {
      await insertJob(db, { id: name, kind: 'k', payload: {} }, new Date(at(-30 * DAY)));
      await db.updateTable('jobs').set({ status, finished_at: finished === null ? null : at(finished) }).where('id', '=', name).execute();
    };
    await job('old-done', 'done', -FINISHED_JOB_RETENTION_MS - 1);
    await job('old-failed', 'failed', -FINISHED_JOB_RETENTION_MS - 1);
    await job('recent-done', 'done', -FINISHED_JOB_RETENTION_MS + 60_000);
    await job('old-queued', 'queued', null);
    await job('old-running', 'running', null);

    expect(await cleanUp(db, NOW)).toEqual({ sessions: 2, tokens: 2, rateLimits: 1, jobs: 2 });
    expect((await db.selectFrom('sessions').select('id').execute()).map((r) => r.id)).toEqual(['live']);
    expect((await db.selectFrom('account_tokens').select('id').execute()).map((r) => r.id)).toEqual(['usable']);
    expect((await db.selectFrom('rate_limits').select('bucket').execute()).map((r) => r.bucket)).toEqual(['open']);
    expect((await db.selectFrom('jobs').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(['old-queued', 'old-running', 'recent-done']);

    // Idempotent: every process may run it; a second run finds nothing more.
    expect(await cleanUp(db, NOW)).toEqual({ sessions: 0, tokens: 0, rateLimits: 0, jobs: 0 });
  });
});
