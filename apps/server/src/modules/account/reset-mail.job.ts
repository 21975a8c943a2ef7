/**
 * Password-reset requests in constant time (issue 24 item 11). The request only checks its
 * input, counts against the mail limits and enqueues one job: the same work whether or not the
 * address has an account, so the answer's timing tells an outsider nothing. The job looks the
 * address up and, for an active account, issues the token and sends the mail. A job is a
 * database row first, so a request answered `sent` survives a restart of this process.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { account } from '@chi/contract';
import type { JobWorker } from '../../jobs/job-worker';
import { mailLanguage } from '../../mail/language';
import { renderMail } from '../../mail/templates';
import { displayName, findAccountByEmail, normaliseEmail } from './account.repo';
import { limitMail } from './account-deps';
import type { AccountDeps, Input } from './account-deps';
import { checkRedirectTo, mailLink } from './redirect';
import { issueToken } from './token.repo';

export const RESET_MAIL_JOB = 'account-reset-password-mail';

const payloadSchema = z.object({ email: z.string(), origin: z.string(), language: z.enum(['en', 'da']) });
type ResetMailPayload = z.infer<typeof payloadSchema>;

export function defineResetMailJob(jobs: JobWorker, deps: Omit<AccountDeps, 'jobs'>): void {
  jobs.define<ResetMailPayload>({
    kind: RESET_MAIL_JOB,
    payload: payloadSchema,
    run: async ({ payload }) => {
      const db = deps.database.db;
      const row = await findAccountByEmail(db, payload.email);
      // Unknown and not-yet-activated addresses get nothing.
      if (row?.status !== 'active') return;
      const token = await issueToken(db, row.id, 'resetPassword', deps.now());
      const link = mailLink(payload.origin, 'resetPassword', token);
      await deps.mailer.send(renderMail('resetPassword', payload.language, payload.email, { name: displayName(row), origin: payload.origin, link }));
    },
  });
}

export async function requestResetPassword(
  deps: AccountDeps,
  input: Input<typeof account.requestResetPassword>,
  request: FastifyRequest,
): Promise<void> {
  const origin = checkRedirectTo(input._redirectTo, deps.config.publicDomain);
  const email = normaliseEmail(input._email);
  await limitMail(deps, request, email);
  const payload: ResetMailPayload = { email, origin, language: mailLanguage(request.headers['accept-language']) };
  await deps.jobs.enqueue(RESET_MAIL_JOB, payload);
}
