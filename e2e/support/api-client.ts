/**
 * Calls the API from Node the way the web client does (JSON, the XHR header, the session
 * cookie), straight to one server process or through the proxy: node:http, because Node's
 * fetch will not send our own Host header and the sub-app is chosen by it.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { API_BASE, PASSWORD_SALT, XHR_HEADER, XHR_HEADER_VALUE, documents, resolvePath } from '@chi/contract';
import type { ApiDescriptor, AppId } from '@chi/contract';

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  json<T>(): T;
}

export interface CallOptions {
  readonly id?: string;
  readonly cookie?: string;
  readonly host?: string;
}

export function httpGet(port: number, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  return send(port, 'GET', path, undefined, options);
}

export function callApi(port: number, descriptor: ApiDescriptor, input: unknown, options: CallOptions = {}): Promise<ApiAnswer> {
  return send(port, descriptor.method, API_BASE + resolvePath(descriptor, options.id), JSON.stringify(input), options);
}

/** A generic documents call (its path names the app and data type). */
export function callDocuments(port: number, descriptor: ApiDescriptor, appId: AppId, dataType: string, input: unknown, options: CallOptions = {}): Promise<ApiAnswer> {
  return send(port, descriptor.method, API_BASE + documents.documentPath(descriptor, appId, dataType), JSON.stringify(input), options);
}

/** The session cookie (`name=value`) an answer sets, e.g. a login's. */
export function sessionCookie(answer: ApiAnswer): string {
  const header = answer.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.map((cookie) => cookie.split(';')[0] ?? '').join('; ');
}

/** The hash the web client sends for a typed password. */
export function clientPasswordHash(password: string): string {
  return createHash('sha256').update(PASSWORD_SALT + password).digest('hex');
}

function send(port: number, method: string, path: string, body: string | undefined, options: CallOptions): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: options.host ?? 'delphi.chi.localhost', [XHR_HEADER]: XHR_HEADER_VALUE };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: <T>() => JSON.parse(text) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
