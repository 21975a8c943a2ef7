/**
 * Who may act as a CCF participant (issue 24 item 3, ADR 045). The shared key lets anyone
 * begin; the browser that begins a user id gets a random secret in an HttpOnly cookie (the
 * row keeps its sha256), and only that browser reads or changes that participant's answers.
 * A personal key (sign-up) is itself the proof, so its holder needs no cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@chi/contract';
import { AppError } from '../../http/app-error';
import { randomSecret, sha256Hex } from '../../security/secrets';
import type { Db } from './ccf.repo';
import { CCF_ERRORS } from './ccf-errors';

const COOKIE_PREFIX = 'chi_ccf_';
/** Only the participant calls carry it. */
const COOKIE_PATH = `${API_BASE}/actions/ccf/`;
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** Where a participant's secret is read from and handed to (the HTTP cookies of one call). */
export interface SecretJar {
  presented(participantId: string): string | undefined;
  issue(participantId: string, secret: string): void;
}

export function cookieJar(request: FastifyRequest, reply: FastifyReply): SecretJar {
  return {
    presented: (participantId) => request.cookies[`${COOKIE_PREFIX}${participantId}`],
    issue: (participantId, secret) => {
      // Host-only (the ccf host), so no other sub-app ever sees it.
      reply.setCookie(`${COOKIE_PREFIX}${participantId}`, secret, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: COOKIE_PATH,
        maxAge: COOKIE_MAX_AGE_S,
      });
    },
  };
}

/** A new secret for a participant about to be stored: its hash for the row, `give` for the browser. */
export function newSecret(jar: SecretJar): { hash: string; give: (participantId: string) => void } {
  const secret = randomSecret();
  return { hash: sha256Hex(secret), give: (participantId) => jar.issue(participantId, secret) };
}

interface HeldRow {
  readonly id: string;
  readonly secret_hash: string | null;
}

/**
 * Passes when this browser holds the participant (or the personal key was used); a participant
 * from before secrets existed is claimed by the first browser that comes back. Otherwise 409.
 */
export async function proveHolder(db: Db, row: HeldRow, personalKey: boolean, jar: SecretJar): Promise<void> {
  const presented = jar.presented(row.id);
  if (row.secret_hash !== null && presented !== undefined && sha256Hex(presented) === row.secret_hash) return;
  if (personalKey) return;
  if (row.secret_hash === null) {
    const secret = newSecret(jar);
    const claimed = await db
      .updateTable('ccf_participants')
      .set({ secret_hash: secret.hash })
      .where('id', '=', row.id)
      .where('secret_hash', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) {
      secret.give(row.id);
      return;
    }
  }
  throw new AppError(CCF_ERRORS.otherBrowser);
}
