/**
 * Issue 24 item 11: a reset request does the same work for an existing account as for an
 * unknown address (one queued job, nothing else), so its timing tells nothing; the mail
 * goes out from the job queue, on any process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '@chi/contract';
import { call, createUser, mailsTo, readOutbox } from '../../test/account-kit';
import { createSecondApp } from '../../test/second-app';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { RESET_MAIL_JOB } from './reset-mail.job';

const ORIGIN = 'http://app.chi.localhost:8080';

describe.each(TEST_DIALECTS)('password-reset requests (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'known@example.org', password: 'known password' });
    // This process runs no jobs: what a request itself does stays visible.
    await t.app.ready();
    await t.app.jobs?.close();
  });
  afterAll(() => t.close());

  it('does the same for an existing account and an unknown address: one queued job, no token, no mail', async () => {
    for (const email of ['known@example.org', 'ghost@example.org']) {
      const response = await call(t, account.requestResetPassword, { _email: email, _redirectTo: ORIGIN, _appId: 'app' }, { headers: { 'accept-language': 'da' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ _status: 'sent' });
    }
    expect(await t.database.db.selectFrom('account_tokens').selectAll().execute()).toEqual([]);
    expect(await readOutbox(t)).toEqual([]);
    const jobs = await t.database.db.selectFrom('jobs').select(['kind', 'payload', 'status']).where('kind', '=', RESET_MAIL_JOB).orderBy('created_at').execute();
    expect(jobs.map((job) => ({ ...job, payload: JSON.parse(job.payload) as unknown }))).toEqual([
      { kind: RESET_MAIL_JOB, status: 'queued', payload: { email: 'known@example.org', origin: ORIGIN, language: 'da' } },
      { kind: RESET_MAIL_JOB, status: 'queued', payload: { email: 'ghost@example.org', origin: ORIGIN, language: 'da' } },
    ]);
  });

  it('mails the link from the queue, in the language asked in, to the existing account only', async () => {
    const worker = createSecondApp(t, { jobPollMs: 20 });
    try {
      await worker.app.ready();
      let mails = await mailsTo(t, 'known@example.org');
      for (let i = 0; mails.length === 0 && i < 500; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mails = await mailsTo(t, 'known@example.org');
      }
      await worker.app.jobs?.idle();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toMatch(new RegExp(`${ORIGIN}/resetPassword/[A-Za-z0-9_-]+`));
      expect(mails[0]?.subject).toMatch(/adgangskode/i);
      expect(await mailsTo(t, 'ghost@example.org')).toEqual([]);
    } finally {
      await worker.close();
    }
  });
});
