import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, uploads } from '@chi/contract';
import { UserDataRegistry } from '../account/user-data-registry';
import { call, createUser, logIn } from '../../test/account-kit';
import { createTestApp, TEST_DIALECTS, XHR_HEADERS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { detectImageType, looksLikeSvg, sanitiseFileName } from './image-type';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const GIF = Buffer.from('GIF89a....');
const WEBP = Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

interface Part {
  readonly field?: string;
  readonly name: string;
  readonly type?: string;
  readonly content: Buffer;
}

function multipartBody(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = '----chi-test-boundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
    ),
    part.content,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(TEST_DIALECTS)('uploads (%s)', (dialect) => {
  let t: TestApp;
  let session: string;
  let userId: string;
  const userData = new UserDataRegistry();

  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { userData }, env: { UPLOAD_MAX_BYTES: '1000', UPLOAD_MAX_FILES: '3' } });
    await createUser(t, { email: 'uploader@example.org', password: 'correct horse battery' });
    ({ session, userId } = await logIn(t, 'uploader@example.org', 'correct horse battery'));
  });
  afterAll(() => t.close());

  const upload = (parts: readonly Part[], options: { app?: string; session?: string | null; language?: string } = {}) => {
    const { payload, contentType } = multipartBody(parts);
    const cookie = options.session === null ? {} : { cookie: `chi_session=${options.session ?? session}` };
    const language = options.language === undefined ? {} : { 'accept-language': options.language };
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE}/actions/${options.app ?? 'assistants'}/action/upload`,
      headers: { ...XHR_HEADERS, ...cookie, ...language, 'content-type': contentType },
      payload,
    });
  };

  it('stores images recognised by content and serves them with their type', async () => {
    const res = await upload([
      { name: 'cat.png', content: PNG },
      { name: 'photo', type: 'application/octet-stream', content: JPEG },
      { name: '../../../etc/passwd.gif', content: GIF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { files: { _id: string; url: string; name: string; contentType: string; size: number }[]; message: string };
    expect(body.message).toBe('3 images uploaded');
    expect(body.files.map((f) => [f.name, f.contentType, f.size])).toEqual([
      ['cat.png', 'image/png', PNG.length],
      ['photo', 'image/jpeg', JPEG.length],
      ['passwd.gif', 'image/gif', GIF.length],
    ]);
    const stored = await readdir(join(t.dataDir, 'uploads', 'assistants'));
    expect(stored.sort()).toEqual(body.files.map((f) => `${f._id}.${f.contentType === 'image/jpeg' ? 'jpg' : f.contentType.slice(6)}`).sort());
    // The traversing name reached no other folder: DATA_DIR holds only what the server made.
    expect((await readdir(t.dataDir)).filter((entry) => !entry.startsWith('chi.sqlite')).sort()).toEqual(['uploads']);
    // Besides the app's folder only the folder files are received into (streamed, issue 24), left empty.
    expect((await readdir(join(t.dataDir, 'uploads'))).sort()).toEqual(['_incoming', 'assistants']);
    expect(await readdir(join(t.dataDir, 'uploads', '_incoming'))).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: body.files[0]?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline/);
    expect(served.headers['cache-control']).toMatch(/max-age/);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('lists the caller’s uploads', async () => {
    await upload([{ name: 'delphi.webp', content: WEBP }], { app: 'delphi' });
    const all = (await call(t, uploads.listUploads, {}, { session })).json() as { _images: { name: string }[] };
    expect(all._images.map((i) => i.name)).toContain('delphi.webp');
    const delphiOnly = (await call(t, uploads.listUploads, { appId: 'delphi' }, { session })).json() as { _images: { name: string }[] };
    expect(delphiOnly._images.map((i) => i.name)).toEqual(['delphi.webp']);
    expect((await call(t, uploads.listUploads, { appId: 'nope' }, { session })).statusCode).toBe(400);
    expect((await call(t, uploads.listUploads, {})).statusCode).toBe(401);
  });

  it('refuses a text file named .png and an SVG', async () => {
    const text = await upload([{ name: 'evil.png', content: Buffer.from('just some text, not an image') }]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ Error: { message: 'evil.png: not an accepted image (PNG, JPEG, GIF or WebP)' } });
    const svg = await upload([{ name: 'logo.png', type: 'image/png', content: Buffer.concat([Buffer.from('\uFEFF<?xml version="1.0"?>\n'), SVG]) }]);
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ Error: { message: expect.stringMatching(/^logo\.png: SVG images are not accepted/) } });
    // Nothing of a refused upload is kept, not even the valid file sent with it.
    const before = (await readdir(join(t.dataDir, 'uploads', 'assistants'))).length;
    expect((await upload([{ name: 'ok.png', content: PNG }, { name: 'bad.png', content: SVG }])).statusCode).toBe(415);
    expect((await readdir(join(t.dataDir, 'uploads', 'assistants'))).length).toBe(before);
  });

  it('answers 413 for a too large file and too many files', async () => {
    const large = await upload([{ name: 'big.png', content: Buffer.concat([PNG, Buffer.alloc(2000)]) }]);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ Error: { message: expect.stringContaining('File too large') } });
    const many = await upload(Array.from({ length: 4 }, (_, i) => ({ name: `${i}.png`, content: PNG })));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ Error: { message: 'Too many files: at most 3 per upload' } });
  });

  it('answers in Danish when the client asks for it (Accept-Language), in English otherwise', async () => {
    const message = async (parts: readonly Part[], language?: string) => {
      const res = await upload(parts, { app: 'showcase', ...(language === undefined ? {} : { language }) });
      const body = res.json() as { message?: string; Error?: { message: string } };
      return body.message ?? body.Error?.message;
    };
    expect(await message([{ name: 'a.png', content: PNG }], 'da')).toBe('1 billede uploadet');
    expect(await message([{ name: 'a.png', content: PNG }, { name: 'b.gif', content: GIF }], 'da-DK,da;q=0.9,en;q=0.5')).toBe('2 billeder uploadet');
    expect(await message([{ name: 'a.png', content: PNG }], 'en-GB,da;q=0.5')).toBe('1 image uploaded');
    expect(await message([{ name: 'big.png', content: Buffer.concat([PNG, Buffer.alloc(2000)]) }], 'da')).toBe('Filen er for stor: højst 1000 bytes pr. fil');
    expect(await message([{ name: 'big.png', content: Buffer.concat([PNG, Buffer.alloc(2000)]) }])).toBe('File too large: at most 1000 bytes per file');
    expect(await message(Array.from({ length: 4 }, (_, i) => ({ name: `${i}.png`, content: PNG })), 'da')).toBe('For mange filer: højst 3 pr. upload');
    expect(await message([{ name: 'x.png', content: Buffer.from('text') }], 'da')).toBe('x.png: ikke et tilladt billede (PNG, JPEG, GIF eller WebP)');
    expect(await message([{ name: 'logo.svg', content: SVG }], 'da')).toMatch(/^logo\.svg: SVG-billeder modtages ikke/);
    expect(await message([], 'da')).toBe('files: vælg mindst ét billede (PNG, JPEG, GIF eller WebP)');
  });

  it('needs a signed-in user, a known app, multipart and the files field', async () => {
    expect((await upload([{ name: 'a.png', content: PNG }], { session: null })).statusCode).toBe(401);
    expect((await upload([{ name: 'a.png', content: PNG }], { app: 'nope' })).statusCode).toBe(400);
    expect((await upload([{ field: 'other', name: 'a.png', content: PNG }])).statusCode).toBe(400);
    expect((await upload([])).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/actions/assistants/action/upload`,
      headers: { ...XHR_HEADERS, cookie: `chi_session=${session}` },
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(400);
  });

  it('serves nothing by a path a client controls', async () => {
    for (const url of ['/uploads/..%2F..%2Fchi.sqlite', '/uploads/assistants/x.png', '/uploads/00000000-0000-0000-0000-000000000000', '/uploads/x%00.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/image/);
    }
  });

  it('forgets a person’s uploads, rows and files', async () => {
    await t.database.db.transaction().execute((trx) => userData.forget(userId, trx));
    expect(await t.database.db.selectFrom('uploads').select('id').where('owner_id', '=', userId).execute()).toEqual([]);
    expect(await readdir(join(t.dataDir, 'uploads', 'assistants'))).toEqual([]);
  });
});

describe('image detection', () => {
  it('recognises the four types by content only', () => {
    expect(detectImageType(PNG)?.contentType).toBe('image/png');
    expect(detectImageType(JPEG)?.contentType).toBe('image/jpeg');
    expect(detectImageType(GIF)?.contentType).toBe('image/gif');
    expect(detectImageType(WEBP)?.contentType).toBe('image/webp');
    expect(detectImageType(SVG)).toBeUndefined();
    expect(detectImageType(Buffer.from('RIFF0000WAVE'))).toBeUndefined();
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
  });

  it('tells an SVG apart from other refused content', () => {
    expect(looksLikeSvg(SVG)).toBe(true);
    expect(looksLikeSvg(Buffer.from('\uFEFF  <?xml version="1.0"?>\n<!DOCTYPE svg>\n<SVG viewBox="0 0 1 1"/>'))).toBe(true);
    expect(looksLikeSvg(PNG)).toBe(false);
    expect(looksLikeSvg(Buffer.from('a text that mentions <svg> later'))).toBe(false);
    expect(looksLikeSvg(Buffer.from('<html><body>no picture</body></html>'))).toBe(false);
  });

  it('sanitises display names', () => {
    expect(sanitiseFileName('../../a.png')).toBe('a.png');
    expect(sanitiseFileName('C:\\x\\y.jpg')).toBe('y.jpg');
    expect(sanitiseFileName('a"b\r\n<c>.png')).toBe('a_b___c_.png');
    expect(sanitiseFileName('.hidden')).toBe('hidden');
    expect(sanitiseFileName(undefined)).toBe('image');
  });
});
