/**
 * Test helpers for the account and session suites: calling descriptors as the web client
 * does, reading mails out of the outbox, and making accounts without the mail round trip.
 */
import { readFile, readdir } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, account, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { outboxDir } from '../mail/mailer';
import { clientPasswordHash } from '../modules/account/admin-bootstrap';
import { hashPassword, newId } from '../security/secrets';
import { XHR_HEADERS } from './test-app';
import type { TestApp } from './test-app';

export { clientPasswordHash as clientHash };

export interface CallOptions {
  readonly id?: string;
  /** The `chi_session` cookie value to send. */
  readonly session?: string;
  readonly host?: string;
  readonly headers?: Record<string, string>;
  readonly remoteAddress?: string;
}

export function call(t: TestApp, descriptor: ApiDescriptor, payload: unknown = {}, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...XHR_HEADERS,
    host: options.host ?? 'app.chi.localhost',
    ...(options.session !== undefined ? { cookie: `chi_session=${options.session}` } : {}),
    ...options.headers,
  };
  const url = API_BASE + resolvePath(descriptor, options.id);
  if (descriptor.method === 'GET') {
    return t.app.inject({ method: 'GET', url, headers, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) });
  }
  return t.app.inject({
    method: descriptor.method,
    url,
    headers,
    payload: payload as object,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The session cookie a response set, if any (empty string when it was cleared). */
export function sessionCookie(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === 'chi_session');
}

export interface Mail {
  readonly file: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly raw: string;
}

/** Decodes the base64 text and HTML parts nodemailer writes (enough MIME for our own mails). */
export function parseMail(file: string, raw: string): Mail {
  const [head = ''] = raw.split('\n\n', 1);
  const header = (name: string) => new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'im').exec(head)?.[1]?.replace(/\n[ \t]+/g, ' ') ?? '';
  const parts: Record<string, string> = {};
  for (const part of raw.split(/\n--[^\n]+\n/)) {
    const split = part.indexOf('\n\n');
    if (split < 0) continue;
    const partHead = part.slice(0, split);
    const type = /Content-Type: (text\/(?:plain|html))/i.exec(partHead)?.[1]?.toLowerCase();
    if (!type) continue;
    const body = part.slice(split + 2).replace(/\n--[\s\S]*$/, '');
    parts[type] = /Content-Transfer-Encoding: base64/i.test(partHead) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  }
  return { file, to: header('To'), subject: header('Subject'), text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '', raw };
}

export async function readOutbox(t: TestApp): Promise<Mail[]> {
  // Some mail is sent by a job (the password reset): what was asked for before is sent first.
  await t.app.jobs?.idle();
  const dir = outboxDir(t.dataDir);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => parseMail(file, await readFile(`${dir}/${file}`, 'utf8'))));
}

/** Mails sent to one address, oldest first. */
export async function mailsTo(t: TestApp, address: string): Promise<Mail[]> {
  return (await readOutbox(t)).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** The token of the last `<origin>/<route>/<token>` link mailed to an address. */
export async function linkToken(t: TestApp, address: string, route: string): Promise<{ link: string; token: string }> {
  const mails = await mailsTo(t, address);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`(https?://[^\\s/]+/${route}/([A-Za-z0-9_-]+))`).exec(mail.text);
    if (match?.[1] && match[2]) return { link: match[1], token: match[2] };
  }
  throw new Error(`no ${route} link mailed to ${address}`);
}

export interface UserSpec {
  readonly email: string;
  readonly password?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly devOp?: boolean;
  readonly appAdmin?: boolean;
  readonly status?: 'pending' | 'active';
}

/** An account stored directly (the mail round trip has its own tests). Answers its id. */
export async function createUser(t: TestApp, spec: UserSpec): Promise<string> {
  const id = newId();
  const at = new Date().toISOString();
  await t.database.db
    .insertInto('accounts')
    .values({
      id,
      email: spec.email.toLowerCase(),
      first_name: spec.firstName ?? 'Test',
      last_name: spec.lastName ?? 'User',
      title: '',
      password_hash: spec.password ? await hashPassword(clientPasswordHash(spec.password)) : null,
      status: spec.status ?? 'active',
      is_dev_op: spec.devOp ? 1 : 0,
      is_app_admin: spec.appAdmin ? 1 : 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** Logs in as the web client would; answers the cookie value to send afterwards. */
export async function logIn(t: TestApp, email: string, password: string, options: CallOptions = {}): Promise<{ session: string; userId: string }> {
  const response = await call(t, account.login, { _email: email, password: clientPasswordHash(password) }, options);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = sessionCookie(response)?.value;
  if (!session) throw new Error('login set no cookie');
  return { session, userId: (response.json() as { User: { _id: string } }).User._id };
}
