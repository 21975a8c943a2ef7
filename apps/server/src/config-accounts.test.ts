import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { configKit } from './test/config-kit';

const { load } = configKit('chi-config-accounts');

describe('mail and administrator variables', () => {
  it('defaults: outbox, From on the public domain, no administrator', () => {
    const config = load({ PUBLIC_DOMAIN: 'research.example.org' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('CHI research framework <no-reply@research.example.org>');
    expect(config.admin).toBeUndefined();
  });

  it('reads SMTP_URL, MAIL_FROM and the administrator (e-mail lower-cased)', () => {
    const config = load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Lab <lab@x.dk>', ADMIN_EMAIL: 'Root@X.dk', ADMIN_PASSWORD: 'long enough' });
    expect(config).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'Lab <lab@x.dk>', admin: { email: 'root@x.dk', password: 'long enough' } });
  });

  it.each([
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ ADMIN_EMAIL: 'root@x.dk' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL must be an e-mail address'],
    [{ ADMIN_EMAIL: 'ro ot@x.dk', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL must be an e-mail address'],
    [{ ADMIN_EMAIL: 'root@x@x.dk', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL must be an e-mail address'],
  ])('refuses %j', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('never echoes ADMIN_PASSWORD in its error', () => {
    try {
      load({ ADMIN_EMAIL: 'root@x.dk', ADMIN_PASSWORD: 'short' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe('Invalid configuration: ADMIN_PASSWORD must be at least 8 characters');
    }
  });
});
