/**
 * The one way the web client talks to the server (DESIGN §4, SPEC §7): `api.call(descriptor, input)`.
 * No other module builds an API URL or calls fetch on one.
 */
import {
  API_BASE,
  CONTRACT_HEADER,
  REQUEST_COOLDOWN_MS,
  SENT_AT_HEADER,
  XHR_HEADER,
  XHR_HEADER_VALUE,
  type ApiDescriptor,
  type InputOf,
  type OutputOf,
} from '@chi/contract';
import type { z } from 'zod';
import { ApiError, bodyCode, hasErrorField, normaliseErrorResponse, outdatedError, serverError, unavailableError, validationError } from './errors';

export interface CallOptions {
  /** The `:id` segment of a `withId` descriptor. */
  id?: string | number;
  /**
   * Named path segments other than `:id`, e.g. `{ appId, dataType }` for the generic documents
   * descriptors, whose one path serves every app and data type.
   */
  params?: Readonly<Record<string, string>>;
  /** Skip the cooldown cache, e.g. for an explicit Refresh that must really ask the server again. */
  fresh?: boolean;
  /** A 401 is an expected answer (e.g. resumeSession for a visitor): do not send the browser to login. */
  quietUnauthorized?: boolean;
  /** Let the request outlive the page (fetch `keepalive`): the Delphi outbox's send on pagehide. */
  keepalive?: boolean;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  now?: () => number;
  cooldownMs?: number;
  onUnauthorized?: () => void;
  /** The `Accept-Language` value of every request (the server mails in that language). */
  acceptLanguage?: () => string;
  /**
   * The fingerprint of the contract this page was built from (ADR 080). When an answer does not
   * fit and the server names another contract, the call fails with `outdatedError` and
   * `onOutdated` is told; without a fingerprint (unit tests) it is `Server error.`.
   */
  contract?: string | undefined;
  onOutdated?: () => void;
}

export interface ApiClient {
  call<D extends ApiDescriptor>(descriptor: D, input: InputOf<D>, options?: CallOptions): Promise<OutputOf<D>>;
  /** The shell wires this to open the login modal (SPEC §8: code 401 redirects to login). */
  setUnauthorizedHandler(handler: (() => void) | undefined): void;
  /** Forgets shared results, e.g. when the user changes (login, logout). */
  clearCache(): void;
}

interface PendingCall {
  readonly startedAt: number;
  readonly promise: Promise<unknown>;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** SPEC §8: a missing required parameter fails on the client, naming the parameter. */
function checkInput(schema: z.ZodType, input: unknown): void {
  const result = schema.safeParse(input ?? {});
  if (result.success) return;
  const issue = result.error.issues[0];
  if (!issue) return;
  const parameter = issue.path.map(String).join('.');
  const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
  if (missing && parameter) throw validationError(`Missing required parameter: ${parameter}`);
  throw validationError(parameter ? `Invalid parameter ${parameter}: ${issue.message}` : issue.message);
}

function appendQuery(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(params, key, item);
  } else if (typeof value === 'object') {
    params.append(key, JSON.stringify(value));
  } else {
    params.append(key, String(value));
  }
}

function toQuery(input: unknown): string {
  const params = new URLSearchParams();
  if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) appendQuery(params, key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Fills `:name` segments from `params`; a segment left unfilled is a missing parameter (SPEC §8). */
export function fillParams(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw validationError(`Missing required parameter: ${name}`);
    return encodeURIComponent(value);
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const now = options.now ?? (() => Date.now());
  const cooldownMs = options.cooldownMs ?? REQUEST_COOLDOWN_MS;
  let onUnauthorized = options.onUnauthorized;
  const pending = new Map<string, PendingCall>();

  async function send(descriptor: ApiDescriptor, url: string, body: string | undefined, quiet: boolean, keepalive: boolean): Promise<unknown> {
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [XHR_HEADER]: XHR_HEADER_VALUE,
      [SENT_AT_HEADER]: String(now()),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const language = options.acceptLanguage?.();
    if (language) headers['Accept-Language'] = language;
    let response: Response;
    try {
      const init: RequestInit = { method: descriptor.method, credentials: 'include', headers, body };
      if (keepalive) init.keepalive = true;
      response = await fetchImpl(url, init);
    } catch {
      // fetch only throws when no response arrived: the server is down or unreachable.
      throw unavailableError();
    }
    const payload = await readBody(response);
    if (!quiet && (response.status === 401 || bodyCode(payload) === 401)) onUnauthorized?.();
    if (!response.ok || hasErrorField(payload)) throw normaliseErrorResponse(response.status, payload);
    const parsed = descriptor.output.safeParse(payload);
    if (parsed.success) return parsed.data;
    // A reply that breaks the contract is the server's fault (`Server error.`), unless the server
    // keeps another contract than this page was built with: then the page is out of date.
    const theirs = response.headers.get(CONTRACT_HEADER);
    if (options.contract && theirs && theirs !== options.contract) {
      options.onOutdated?.();
      throw outdatedError(response.status);
    }
    throw serverError(response.status);
  }

  function call<D extends ApiDescriptor>(descriptor: D, input: InputOf<D>, callOptions: CallOptions = {}): Promise<OutputOf<D>> {
    let url: string;
    let body: string | undefined;
    try {
      if (descriptor.withId && (callOptions.id === undefined || callOptions.id === '')) {
        throw validationError('Missing required parameter: id');
      }
      checkInput(descriptor.input, input);
      const withId = descriptor.withId ? descriptor.path.replace(':id', encodeURIComponent(String(callOptions.id))) : descriptor.path;
      const path = fillParams(withId, callOptions.params);
      url = API_BASE + path + (descriptor.method === 'GET' ? toQuery(input) : '');
      body = descriptor.method === 'GET' ? undefined : JSON.stringify(input ?? {});
    } catch (error) {
      return Promise.reject(error instanceof ApiError ? error : validationError(String(error)));
    }

    const key = `${descriptor.method} ${url} ${body ?? ''}`;
    const started = now();
    for (const [k, entry] of pending) if (started - entry.startedAt >= cooldownMs) pending.delete(k);
    const shared = callOptions.fresh ? undefined : pending.get(key);
    if (shared) return shared.promise as Promise<OutputOf<D>>;

    const promise = send(descriptor, url, body, callOptions.quietUnauthorized ?? false, callOptions.keepalive ?? false);
    const entry: PendingCall = { startedAt: started, promise };
    pending.set(key, entry);
    // A failed call leaves the cache at once, so that a retry really asks the server again.
    promise.catch(() => {
      if (pending.get(key) === entry) pending.delete(key);
    });
    return promise as Promise<OutputOf<D>>;
  }

  return {
    call,
    setUnauthorizedHandler(handler) {
      onUnauthorized = handler;
    },
    clearCache() {
      pending.clear();
    },
  };
}
