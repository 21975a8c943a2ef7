/** Reads the mail the server wrote to `<DATA_DIR>/outbox/*.eml` (no SMTP_URL set), as a person reads their inbox. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The headers and every MIME part decoded (base64 or quoted-printable undone). */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The raw mail followed by each decoded part, so links can be found whatever the encoding. */
function decodeMail(raw: string): string {
  const parts = [raw];
  const part = /Content-Transfer-Encoding:\s*([\w-]+)\s*\r?\n\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const [, encoding = '', body = ''] of raw.matchAll(part)) {
    const kind = encoding.toLowerCase();
    if (kind === 'base64') parts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (kind === 'quoted-printable') parts.push(decodeQuotedPrintable(body));
    else parts.push(body);
  }
  return parts.join('\n');
}

function header(text: string, name: string): string {
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(text)?.[1]?.trim() ?? '';
}

export async function readOutbox(dataDir: string): Promise<Mail[]> {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const text = decodeMail(await readFile(join(dir, file), 'utf8'));
      return { file, to: header(text, 'To'), subject: header(text, 'Subject'), text };
    }),
  );
}

/**
 * Waits for a mail to `to` holding a link to `/<route>/<token>` that was not seen before, and
 * returns the link. `seen` collects links already used, so a second mail of the same kind is found.
 */
export async function waitForMailedLink(dataDir: string, to: string, route: string, seen: Set<string> = new Set(), timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+/${route}/[A-Za-z0-9_-]+`, 'g');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of await readOutbox(dataDir)) {
      if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
      for (const link of mail.text.match(pattern) ?? []) {
        if (!seen.has(link)) {
          seen.add(link);
          return link;
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a /${route}/ link within ${timeoutMs} ms`);
}
