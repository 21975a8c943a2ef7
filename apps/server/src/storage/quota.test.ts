/**
 * Issue 24 item 7: uploads stream into the storage (never a whole-buffer `put`) and count
 * against a per-person storage quota (STORAGE_QUOTA_BYTES) with a clear 413 in the uploader's
 * language; a refused upload leaves nothing behind, and deleting a file frees its bytes.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, assistants } from '@chi/contract';
import { createTestApp, TEST_DIALECTS, XHR_HEADERS } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { makeUsers } from '../modules/documents/documents-kit';
import type { Users } from '../modules/documents/documents-kit';
import { ac, multipart, upload } from '../modules/assistants/assistants-kit';
import { LocalFileStorage } from './local-file-storage';
import { storedBytesOf } from './quota';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(bytes - PNG_HEAD.length, 7)]);

/** The default storage, recording whole-buffer puts and how many chunks each streamed write took. */
class RecordingStorage extends LocalFileStorage {
  readonly puts: string[] = [];
  readonly writes: { key: string; chunks: number }[] = [];
  override async put(key: string, content: Buffer): Promise<void> {
    this.puts.push(key);
    return super.put(key, content);
  }
  override async openWrite(key: string): Promise<Writable> {
    const stream = await super.openWrite(key);
    const record = { key, chunks: 0 };
    this.writes.push(record);
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((...args: unknown[]) => {
      record.chunks += 1;
      return write(...args);
    }) as Writable['write'];
    return stream;
  }
}

describe.each(TEST_DIALECTS)('storage quota and streamed uploads (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  let root = '';
  let storage: RecordingStorage;
  let assistant: assistants.Assistant;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'chi-quota-test-'));
    storage = new RecordingStorage(root);
    t = await createTestApp(dialect, { env: { STORAGE_QUOTA_BYTES: String(600_000), UPLOAD_MAX_BYTES: String(1_000_000) }, build: { storage } });
    u = await makeUsers(t);
    assistant = (await ac(t, assistants.createAssistant, { name: 'Quota' }, u.owner.session)).json<assistants.Assistant>();
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const uploadImage = (content: Buffer, session: string, language?: string) => {
    const body = multipart([{ name: 'big.png', content }]);
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE}/actions/assistants/action/upload`,
      headers: { ...XHR_HEADERS, cookie: `chi_session=${session}`, ...(language ? { 'accept-language': language } : {}), ...body.headers },
      payload: body.payload,
    });
  };
  const messageOf = (res: { json: <T>() => T }) => res.json<{ Error: { message: string } }>().Error.message;

  it('streams an image and an assistant file into the storage in chunks, never as one buffer', async () => {
    // Over a real socket, so the body arrives as the network delivers it.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = multipart([{ name: 'big.png', content: png(300_000) }]);
    const sent = await fetch(`${origin}${API_BASE}/actions/assistants/action/upload`, {
      method: 'POST',
      headers: { ...XHR_HEADERS, cookie: `chi_session=${u.owner.session}`, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(sent.status).toBe(200);
    expect((await upload(t, assistant._id, [{ name: 'notes.txt', content: 'Tides follow the moon. '.repeat(4_000) }], u.owner.session)).statusCode).toBe(200);
    expect(storage.puts).toEqual([]);
    expect(storage.writes).toHaveLength(2);
    expect(storage.writes[0]?.chunks).toBeGreaterThan(1);
    expect(await storedBytesOf(t.database.db, u.owner.userId)).toBe(300_000 + 'Tides follow the moon. '.length * 4_000);
  });

  it('refuses an upload over the quota with a clear 413, in Danish too, and keeps nothing of it', async () => {
    const image = await uploadImage(png(250_000), u.owner.session);
    expect(image.statusCode).toBe(413);
    expect(messageOf(image)).toBe('Storage full: your files may take at most 585.9 KB in all; delete images or assistant files you no longer need');
    const danish = await uploadImage(png(250_000), u.owner.session, 'da');
    expect(messageOf(danish)).toBe('Lageret er fuldt: dine filer må højst fylde 585,9 KB i alt; slet billeder eller assistentfiler, du ikke længere bruger');
    const file = await upload(t, assistant._id, [{ name: 'more.txt', content: 'x'.repeat(250_000) }], u.owner.session);
    expect(file.statusCode).toBe(413);
    expect(messageOf(file)).toBe('Storage full: your files may take at most 585.9 KB in all; delete assistant files or images you no longer need');
    expect(await readdir(join(root, 'uploads', '_incoming'))).toEqual([]);
    // Another person has a quota of their own.
    expect((await uploadImage(png(250_000), u.other.session)).statusCode).toBe(200);
  });

  it('frees the bytes of a deleted assistant file', async () => {
    const store = (await ac(t, assistants.getVectorStore, {}, u.owner.session, assistant.vectorStoreId)).json<assistants.VectorStore>();
    const notes = store.files.find((f) => f.name === 'notes.txt');
    expect((await ac(t, assistants.deleteFile, {}, u.owner.session, notes?._id)).statusCode).toBe(200);
    expect((await upload(t, assistant._id, [{ name: 'more.txt', content: 'y'.repeat(250_000) }], u.owner.session)).statusCode).toBe(200);
    await t.app.jobs?.idle();
  });
});
