/**
 * Outgoing mail: SMTP when SMTP_URL is set; otherwise each mail is written to
 * `DATA_DIR/outbox/` as an .eml file named by its ISO time (a developer opens it, a test
 * reads the link out of it). Text parts are base64 so a long link is never split by
 * quoted-printable soft line breaks.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  /** Where mail goes, for humans (never the SMTP password). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

function describeSmtp(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  const common = { from: config.mailFrom, textEncoding: 'base64' } as const;

  if (config.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      description: `SMTP ${describeSmtp(config.smtpUrl)}`,
      send: async (message) => {
        await transport.sendMail({ ...common, ...message });
      },
      close: () => transport.close(),
    };
  }

  const dir = outboxDir(config.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox ${dir}`,
    send: async (message) => {
      const info = await transport.sendMail({ ...common, ...message });
      await mkdir(dir, { recursive: true });
      // Colons are not allowed in Windows file names; the name still sorts by time.
      const stamp = new Date().toISOString().replace(/:/g, '-');
      await writeFile(join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`), info.message);
    },
    close: () => transport.close(),
  };
}
