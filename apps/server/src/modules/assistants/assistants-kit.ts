/** Test helpers for the assistants suites: calls as the web client makes them, multipart bodies, and real PDF/DOCX files. */
import { get as httpGet } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { zipSync, strToU8 } from 'fflate';
import { API_BASE, assistants, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { XHR_HEADERS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

export const HOST = 'assistants.chi.localhost';

export function ac(t: TestApp, descriptor: ApiDescriptor, payload: unknown, session?: string, id?: string): Promise<LightMyRequestResponse> {
  const url = API_BASE + resolvePath(descriptor, id);
  const headers = { ...XHR_HEADERS, host: HOST, ...(session ? { cookie: `chi_session=${session}` } : {}) };
  if (descriptor.method === 'GET') return t.app.inject({ method: 'GET', url, headers });
  return t.app.inject({ method: descriptor.method, url, headers, payload: payload as object });
}

export interface FilePart {
  readonly name: string;
  readonly content: Buffer | string;
  readonly field?: string;
}

export function multipart(files: readonly FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----chi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(t: TestApp, assistantId: string, files: readonly FilePart[], session: string, pipe = 'pipe-upload-1', listener = 'upload'): Promise<LightMyRequestResponse> {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: API_BASE + assistants.uploadFilesPath(assistantId, pipe, listener),
    headers: { ...XHR_HEADERS, host: HOST, cookie: `chi_session=${session}`, ...body.headers },
    payload: body.payload,
  });
}

export function replace(t: TestApp, fileId: string, file: FilePart, session: string): Promise<LightMyRequestResponse> {
  const body = multipart([file]);
  return t.app.inject({
    method: 'PUT',
    url: API_BASE + resolvePath(assistants.replaceFile, fileId),
    headers: { ...XHR_HEADERS, host: HOST, cookie: `chi_session=${session}`, ...body.headers },
    payload: body.payload,
  });
}

/** A real one-page-per-entry PDF with the given text lines (Helvetica, uncompressed streams). */
export function makePdf(pages: readonly string[]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, i) => {
    const id = 4 + i * 2;
    const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
    const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id] ?? ''}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A real minimal DOCX (a heading and paragraphs), zipped with fflate. */
export function makeDocx(heading: string, paragraphs: readonly string[]): Buffer {
  const para = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para(heading, 'Heading1')}${paragraphs.map((p) => para(p)).join('')}</w:body></w:document>`;
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(document),
  };
  return Buffer.from(zipSync(files));
}

export interface SseEvent {
  readonly id: number;
  readonly data: Record<string, unknown>;
}

/**
 * Reads a pipe over real HTTP (the app must listen) until `done` says so, as EventSource
 * would: `Last-Event-ID` when resuming. Answers the events with their ids. Each read has its
 * own socket (`agent: false`) and destroys it when done, like a closed browser tab.
 */
export function readPipe(origin: string, session: string, pipe: string, done: (events: SseEvent[]) => boolean, lastEventId?: number, timeoutMs = 15_000): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  return new Promise<SseEvent[]>((resolve, reject) => {
    const headers: Record<string, string> = { cookie: `chi_session=${session}`, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const request = httpGet(`${origin}${API_BASE}/pipes/${pipe}`, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        finish(new Error(`pipe answered ${response.statusCode ?? 0}`));
        return;
      }
      if (!(response.headers['content-type'] ?? '').startsWith('text/event-stream')) return finish(new Error('not an event stream'));
      if (response.headers['content-encoding']) return finish(new Error('an event stream must not be compressed'));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id !== undefined && data !== undefined) events.push({ id: Number(id), data: JSON.parse(data) as Record<string, unknown> });
          end = buffer.indexOf('\n\n');
        }
        if (done(events)) finish();
      });
      response.on('end', () => finish());
    });
    const timer = setTimeout(() => finish(new Error('timed out')), timeoutMs);
    let finished = false;
    function finish(error?: Error): void {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      request.destroy();
      if (error) reject(new Error(`pipe ${pipe} stopped after ${events.map((e) => `${e.id}:${String(e.data.type)}`).join(',')}: ${error.message}`, { cause: error }));
      else resolve(events);
    }
    request.on('error', (error) => finish(error));
  });
}
