/**
 * Short links (SPEC §7 Other): `create` answers `<origin>/s/<code>`; `GET /s/:code`
 * redirects there. Only http(s) targets are stored and followed, so a short link can never
 * redirect to `javascript:` or `data:`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appIdFromHost, shortLinks } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';
import type { RateLimiter } from '../../security/rate-limiter';
import { isAllowedOrigin } from '../account/redirect';
import type { UserDataRegistry } from '../account/user-data-registry';
import { leavingPage } from './leaving-page';

export interface ShortLinksDeps {
  readonly config: Pick<Config, 'publicDomain'>;
  readonly database: Database;
  readonly now: () => Date;
  readonly limiter: RateLimiter;
  readonly userData: UserDataRegistry;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CODE_LENGTH = 8;
const MINUTE = 60_000;
/** Anonymous visitors may shorten links too, but not flood the table. */
const LIMITS = {
  perAddress: { max: 30, windowMs: 15 * MINUTE },
  perUser: { max: 300, windowMs: 60 * MINUTE },
} as const;

/** 8 base62 characters (~47 bits), unbiased: bytes above the last whole multiple of 62 are dropped. */
export function newShortCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < CODE_LENGTH) code += BASE62[byte % 62];
    }
  }
  return code;
}

const SHORT_LINK_NOT_FOUND = { name: 'Not Found', message: 'This short link does not exist or is not yours.', code: 404 };

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head>
<body><h1>Link not found</h1><p>This short link does not exist or has been removed.</p></body></html>
`;

export function registerShortLinkRoutes(app: FastifyInstance, deps: ShortLinksDeps): void {
  const { db } = deps.database;

  registerHandler(app, shortLinks.create, async (input, { request }) => {
    const user = request.user;
    await deps.limiter.hit(
      user === null
        ? [{ key: `short-link:ip:${request.ip}`, limit: LIMITS.perAddress }]
        : [{ key: `short-link:user:${user.id}`, limit: LIMITS.perUser }],
    );
    const origin = `${request.protocol}://${request.host}`;
    if (user !== null) {
      const existing = await db.selectFrom('short_links').select('code').where('owner_id', '=', user.id).where('url', '=', input.url).executeTakeFirst();
      if (existing) return { code: existing.code, shortUrl: `${origin}/s/${existing.code}` };
    }
    // A collision is astronomically rare at 62^8 codes, but retrying costs nothing.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = newShortCode();
      const result = await db
        .insertInto('short_links')
        .values({ code, url: input.url, owner_id: user?.id ?? null, created_at: deps.now().toISOString() })
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return { code, shortUrl: `${origin}/s/${code}` };
    }
    throw new AppError({ name: 'Server Error', message: 'Server error.', code: 500 });
  });

  // Only the owner lists and deletes: the query is scoped to the caller, so another person's
  // code (or an anonymous one) is as unknown as a code that never existed.
  registerHandler(app, shortLinks.listMine, async (input, { request }) => {
    const owner = request.user?.id ?? '';
    const origin = `${request.protocol}://${request.host}`;
    const mine = db.selectFrom('short_links').where('owner_id', '=', owner);
    const counted = await mine.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await mine
      .select(['code', 'url', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('code', 'asc')
      .limit(input.limit)
      .offset(input.offset)
      .execute();
    return {
      links: rows.map((row) => ({ code: row.code, url: row.url, shortUrl: `${origin}/s/${row.code}`, createdAt: row.created_at })),
      total: Number(counted?.n ?? 0),
    };
  });

  registerHandler(app, shortLinks.remove, async (_input, { request, id }) => {
    const owner = request.user?.id ?? '';
    const code = id ?? '';
    const result = shortLinks.SHORT_CODE_PATTERN.test(code)
      ? await db.deleteFrom('short_links').where('code', '=', code).where('owner_id', '=', owner).executeTakeFirst()
      : undefined;
    if (Number(result?.numDeletedRows ?? 0) !== 1) throw new AppError(SHORT_LINK_NOT_FOUND);
    return { _status: 'deleted' as const };
  });

  // Links others may have been given keep working; only the tie to the person goes.
  deps.userData.register({
    name: 'shortLinks',
    columns: ['short_links.owner_id'],
    forget: async (accountId, trx) => {
      await trx.updateTable('short_links').set({ owner_id: null }).where('owner_id', '=', accountId).execute();
    },
    export: async (accountId, userDb) => {
      const rows = await userDb.selectFrom('short_links').select(['code', 'url', 'created_at']).where('owner_id', '=', accountId).orderBy('created_at').execute();
      return rows.map((row) => ({ code: row.code, url: row.url, createdAt: row.created_at }));
    },
  });

  app.get('/s/:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    const link = shortLinks.SHORT_CODE_PATTERN.test(code)
      ? await db.selectFrom('short_links').select(['url', 'owner_id']).where('code', '=', code).executeTakeFirst()
      : undefined;
    // On delphi's host `/s/<slug>` is also a study link (issue 26, ADR 073): what is no short link is its page.
    if (!link && appIdFromHost(request.host) === 'delphi') return reply.callNotFound();
    if (!link || !shortLinks.isHttpUrl(link.url)) {
      return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND_PAGE);
    }
    // Nobody answers for an anonymous link (or one whose maker is forgotten): unless it stays on
    // our own hosts, the visitor sees where it leads and chooses to go on (no open redirect).
    if (link.owner_id === null && !isAllowedOrigin(new URL(link.url).origin, deps.config.publicDomain)) {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(leavingPage(link.url, request.headers['accept-language']));
    }
    return reply.code(302).header('cache-control', 'no-store').redirect(link.url);
  });
}
