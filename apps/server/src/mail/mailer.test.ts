/** Mail goes to the outbox or, with SMTP_URL, to a real SMTP server (a sink started here). */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '@chi/contract';
import { call, createUser, parseMail, readOutbox } from '../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { mailLanguage } from './language';
import { renderMail } from './templates';
import type { MailKind } from './templates';

describe('mail language and wording', () => {
  it('is Danish when the first Accept-Language tag is da…, else English', () => {
    expect(mailLanguage('da')).toBe('da');
    expect(mailLanguage('da-DK,en;q=0.8')).toBe('da');
    expect(mailLanguage('dk')).toBe('da');
    expect(mailLanguage('en-GB,da;q=0.9')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
    expect(mailLanguage('')).toBe('en');
  });

  it('renders every mail in both languages with the link in text and HTML, escaping names', () => {
    const kinds: MailKind[] = ['activateAccount', 'accountExists', 'resetPassword', 'changeAccountEmail', 'activateNewEmail', 'emailInUse', 'downloadMyData', 'forgetAboutMe'];
    for (const language of ['en', 'da'] as const) {
      for (const kind of kinds) {
        const mail = renderMail(kind, language, 'a@b.dk', { name: '<Ada>', origin: 'http://app.chi.localhost', link: 'http://app.chi.localhost/x/tok' });
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.html).not.toContain('<Ada>');
        expect(mail.html).toContain('&lt;Ada&gt;');
        if (!['accountExists', 'emailInUse'].includes(kind)) {
          expect(mail.text).toContain('http://app.chi.localhost/x/tok');
          expect(mail.html).toContain('href="http://app.chi.localhost/x/tok"');
        }
      }
    }
  });
});

describe.each(TEST_DIALECTS)('outbox (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('writes one .eml per mail, named by its ISO time, From MAIL_FROM, base64 text with whole links', async () => {
    await createUser(t, { email: 'outbox@example.org', password: 'outbox password' });
    await call(t, account.requestResetPassword, { _email: 'outbox@example.org', _redirectTo: 'http://app.chi.localhost:8080' }, { headers: { 'accept-language': 'da' } });
    const [mail] = await readOutbox(t);
    expect(mail?.file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(mail?.raw).toMatch(/^From: CHI research framework <no-reply@chi\.localhost>$/m);
    expect(mail?.raw).toMatch(/Content-Transfer-Encoding: base64/);
    expect(mail?.text).toMatch(/^http:\/\/app\.chi\.localhost:8080\/resetPassword\/[A-Za-z0-9_-]{43}$/m);
    expect(mail?.text).toContain('Åbn linket nedenfor for at vælge en ny adgangskode.');
  });
});

describe.each(TEST_DIALECTS)('SMTP (%s)', (dialect) => {
  let t: TestApp;
  let sink: SMTPServer;
  const received: { from: string; to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: raw.replace(/\r\n/g, '\n'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.server.address() as AddressInfo;
    t = await createTestApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Lab <lab@chi.localhost>' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  it('sends the account mail to the SMTP server, not the outbox', async () => {
    const response = await call(t, account.requestAccount, {
      _email: 'smtp@example.org',
      _firstName: 'Sam',
      _lastName: 'Smith',
      _redirectTo: 'http://app.chi.localhost:8080',
    });
    expect(response.json()).toEqual({ _status: 'sent' });
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('lab@chi.localhost');
    expect(received[0]?.to).toEqual(['smtp@example.org']);
    const mail = parseMail('smtp', received[0]?.raw ?? '');
    expect(mail.subject).toBe('Activate your account');
    expect(mail.text).toMatch(/http:\/\/app\.chi\.localhost:8080\/activateAccount\/[A-Za-z0-9_-]{43}/);
    expect(await readOutbox(t)).toEqual([]);
  });
});
