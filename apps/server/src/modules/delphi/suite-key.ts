/**
 * The suite key (issue 24, ADR 043): the one place that binds a participant's suite to the
 * browser that started it. The first init of a suite (or the first after a researcher released
 * it) draws a random key, keeps only its sha256 on the suite and hands the key to the browser
 * in an HttpOnly cookie named after the suite. Every participant call must bring it: another
 * browser that knows the participant id (and even the suite id) is told the study is open on
 * another device (423 Locked), and can neither read nor change anything.
 *
 * The cookie is `Partitioned` (CHIPS), `SameSite=None` and `Secure`: inside a study platform's
 * iframe Chromium denies the page all storage and unpartitioned third-party cookies, but keeps
 * a partitioned cookie (per embedding site), also across a reload, where a bearer kept in
 * memory would be lost. On plain HTTP (other than localhost) it falls back to a Lax cookie.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { delphi } from '@chi/contract';
import { AppError } from '../../http/app-error';
import { reusableQuery } from '../../db/reusable-query';
import { LIMITS, RateLimiter } from '../../security/rate-limiter';
import { newId, randomSecret, sha256Hex } from '../../security/secrets';
import type { Admission, Db, SuiteRef } from './delphi-db';
import type { DelphiDeps } from './delphi-deps';
import type { Researcher } from './researcher';

const COOKIE_PREFIX = 'chi_dk_';
/** A study may run over weeks; the cookie outlives it. */
const COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

export const suiteKeyCookie = (suiteId: string) => `${COOKIE_PREFIX}${suiteId}`;

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/:\d+$/, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  // Browsers treat localhost as a secure context, so a Secure cookie is kept there over HTTP too.
  const secure = request.protocol === 'https' || isLocalHost(request.hostname);
  const scope = secure ? ({ secure: true, sameSite: 'none', partitioned: true } as const) : ({ sameSite: 'lax' } as const);
  return { httpOnly: true, path: '/api/', maxAge: COOKIE_MAX_AGE_S, ...scope };
}

/** The sha256 of the key this request brings for the suite, if any. */
function presentedHash(request: FastifyRequest, suiteId: string): string | undefined {
  const value = request.cookies[suiteKeyCookie(suiteId)];
  return value === undefined || value === '' ? undefined : sha256Hex(value);
}

/**
 * At init: the suite's own browser goes on; an unbound suite is bound to this browser (one
 * conditional update, so of two browsers racing exactly one wins); any other browser: 423.
 *
 * `browserKey` is a key the browser drew itself and keeps for the tab (ADR 043, amended). The
 * suite is bound to it, so a retry whose first answer never arrived (the connection dropped, the
 * phone timed out, the page reloaded after the server bound the suite) brings the same key and is
 * let in, and gets its cookie; before, it was told the study is open on another device for good.
 * Without one the server draws the key, as before.
 */
export async function bindSuite(db: Db, request: FastifyRequest, reply: FastifyReply, suiteId: string, browserKey?: string): Promise<void> {
  const offered = browserKey === undefined ? undefined : sha256Hex(browserKey);
  const row = await db.selectFrom('delphi_suites').select('key_hash').where('id', '=', suiteId).executeTakeFirst();
  if (row?.key_hash != null) {
    if (presentedHash(request, suiteId) === row.key_hash) return;
    if (offered !== row.key_hash) throw new AppError(delphi.DELPHI_ERRORS.openElsewhere);
    reply.setCookie(suiteKeyCookie(suiteId), browserKey ?? '', cookieOptions(request));
    return;
  }
  const key = browserKey ?? randomSecret();
  const hash = sha256Hex(key);
  const result = await db.updateTable('delphi_suites').set({ key_hash: hash }).where('id', '=', suiteId).where('key_hash', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    // Another request bound it first: this browser's own retry racing itself is still let in.
    const winner = await db.selectFrom('delphi_suites').select('key_hash').where('id', '=', suiteId).executeTakeFirst();
    if (offered === undefined || winner?.key_hash !== offered) throw new AppError(delphi.DELPHI_ERRORS.openElsewhere);
  }
  reply.setCookie(suiteKeyCookie(suiteId), key, cookieOptions(request));
}

export interface Credential {
  readonly participant: string;
  readonly suite: string;
}

/**
 * The check before every participant call: the pair names a suite (400 otherwise, as before),
 * this browser holds its key (423), and, for writes, the suite is within its logging limit
 * (429, which the outbox retries: a burst is slowed, never lost). The limit is counted in the
 * database (ADR 007), so every server process counts against the same bucket.
 */
// Compiled once per database (ADR 006): every participant call looks its suite up with it.
const findCredentialSuite = reusableQuery((db: Db, v: { suite: string; participant: string }) =>
  db.selectFrom('delphi_suites').select(['id', 'participant_id', 'key_hash']).where('id', '=', v.suite).where('participant_id', '=', v.participant),
);

export function participantGuard(deps: DelphiDeps) {
  const db = deps.database.db;
  const limiter = new RateLimiter(db, () => deps.now().getTime());
  /** The checks once the suite's key hash is known: this browser's key (423), then, for writes, the limit (429). */
  const admit = async (request: FastifyRequest, suiteId: string, keyHash: string | null, options: { write: boolean; records?: number }) => {
    if (keyHash === null || presentedHash(request, suiteId) !== keyHash) throw new AppError(delphi.DELPHI_ERRORS.openElsewhere);
    if (options.write) {
      // A batch counts each of its records, all in one count: all fit, or 429 and none is counted.
      await limiter.hit([{ key: `delphi-log:suite:${suiteId}`, limit: LIMITS.delphiLogPerSuite }], options.records ?? 1);
    }
  };
  /** `records`: how many writes the call carries (a batch counts each of its records). */
  const guard = async (request: FastifyRequest, credential: Credential, options: { write: boolean; records?: number } = { write: true }): Promise<SuiteRef> => {
    const row = (await findCredentialSuite(db, { suite: credential.suite, participant: credential.participant })).rows[0];
    if (!row) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
    await admit(request, row.id, row.key_hash, options);
    return { id: row.id, participantId: row.participant_id };
  };
  /**
   * The same checks for one record write, run by the record call once its context query (which
   * reads the suite's key hash, delphi-db.ts) has answered: one suite lookup fewer per record. The
   * context query's join already asked that the participant owns the suite; when it found nothing,
   * the guard runs whole (400, 423, 429 in that order, as before). Runs at most once per call (a
   * deadlock retry of the write does not count the record again).
   */
  const admission = (request: FastifyRequest, credential: Credential): Admission => {
    let admitted: Promise<void> | undefined;
    return (keyHash) => (admitted ??= keyHash === undefined
      ? guard(request, credential).then(() => undefined)
      : admit(request, credential.suite, keyHash, { write: true }));
  };
  return Object.assign(guard, { admission });
}

/** A researcher releases a suite: unbound, the next browser that opens the link binds it. Logged with who and when. */
export async function releaseSuite(db: Db, suiteId: string, by: Researcher, now: Date): Promise<delphi.SuiteRelease> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const suite = await trx.updateTable('delphi_suites').set({ key_hash: null }).where('id', '=', suiteId).returning('participant_id').executeTakeFirst();
    if (!suite) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
    await trx.insertInto('delphi_suite_releases').values({ id: newId(), suite_id: suiteId, by_account_id: by.accountId, by_name: by.name, at }).execute();
    return { suiteId, participantId: suite.participant_id, by: by.name, at };
  });
}
