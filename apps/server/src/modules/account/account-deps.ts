/** What the account handlers share, and the small checks every one of them needs. */
import type { FastifyRequest } from 'fastify';
import { ERRORS } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { JobWorker } from '../../jobs/job-worker';
import type { RequestUser } from '../../http/request-user';
import { mailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { renderMail } from '../../mail/templates';
import type { MailKind, MailParams } from '../../mail/templates';
import { LIMITS } from '../../security/rate-limiter';
import type { RateLimiter } from '../../security/rate-limiter';
import type { SessionDeps } from '../session/session.service';
import { loginGuard } from './login-guard';
import type { LoginGuard } from './login-guard';
import type { UserDataRegistry } from './user-data-registry';
import type { AssetUsersRegistry } from './asset-users-registry';

export interface AccountDeps extends SessionDeps {
  readonly mailer: Mailer;
  /** Mail whose sending must not show in the answer's timing goes through a job (reset-mail.job.ts). */
  readonly jobs: JobWorker;
  readonly limiter: RateLimiter;
  readonly userData: UserDataRegistry;
  /** Modules whose things are shared answer LIST_ASSET_USERS' "shared with whom" here (ADR 059). */
  readonly assetUsers: AssetUsersRegistry;
}

/** The caller's own account: 401 when anonymous, 403 for a guest or someone else's id. */
export function requireSelf(request: FastifyRequest, id: string | undefined): RequestUser {
  const user = request.user;
  if (!user) throw new AppError(ERRORS.unauthorized);
  if (user.isGuest === true || user.id !== id) throw new AppError(ERRORS.forbidden);
  return user;
}

/** The login limits of issue 24 item 5 (failures per pair, per address, back-off per account). */
export function guardLogin(deps: AccountDeps, request: FastifyRequest, email: string): LoginGuard {
  return loginGuard(deps.limiter, request, email, deps.now);
}

/** Every mail-sending call counts against the target address and the caller's address. */
export async function limitMail(deps: AccountDeps, request: FastifyRequest, email: string): Promise<void> {
  await deps.limiter.hit([
    { key: `mail:email:${email.toLowerCase()}`, limit: LIMITS.mailPerEmail },
    { key: `mail:address:${request.ip}`, limit: LIMITS.mailPerAddress },
  ]);
}

/** Sends one account mail in the requester's language (Accept-Language). */
export async function sendAccountMail(
  deps: AccountDeps,
  request: FastifyRequest,
  kind: MailKind,
  to: string,
  params: MailParams,
): Promise<void> {
  await deps.mailer.send(renderMail(kind, mailLanguage(request.headers['accept-language']), to, params));
}

/** A descriptor's input after validation (trimmed, lower-cased hashes), as handlers get it. */
export type Input<D extends ApiDescriptor> = z.output<D['input']>;
