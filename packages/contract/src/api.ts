/**
 * The one contract (DESIGN §4): every server call is a descriptor. The server registers
 * each descriptor as a route; the web client calls it with `api.call(descriptor, input)`.
 */
import type { z } from 'zod';
import type { AppId } from './apps';
import type { Access } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiDescriptor<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Operation name, e.g. `LOGIN`; shown in action error titles as `<name> Error`. */
  readonly name: string;
  readonly summary: string;
  readonly method: HttpMethod;
  /** Path under `/api/v1`; `:id` marks the id segment when `withId`. */
  readonly path: string;
  readonly withId: boolean;
  readonly app?: AppId;
  readonly dataType?: string;
  readonly endpoint?: string;
  /** Body for POST/PUT/PATCH/DELETE, query string for GET. */
  readonly input: I;
  readonly output: O;
  readonly access: Access;
  /** Whether the call changes state (and so needs the XHR header). Defaults from the method. */
  readonly stateChanging: boolean;
}

export type InputOf<D> = D extends ApiDescriptor<infer I, z.ZodType> ? z.input<I> : never;
export type OutputOf<D> = D extends ApiDescriptor<z.ZodType, infer O> ? z.output<O> : never;

interface CommonSpec<I extends z.ZodType, O extends z.ZodType> {
  name: string;
  summary: string;
  method?: HttpMethod;
  withId?: boolean;
  input: I;
  output: O;
  access: Access;
}

export interface ActionSpec<I extends z.ZodType, O extends z.ZodType> extends CommonSpec<I, O> {
  app: AppId;
  /** Omitted for app-level actions: `/actions/{appId}/action/{endpoint}`. */
  dataType?: string;
  endpoint: string;
}

/** A SPEC §7 action: `/actions/{appId}[/{dataType}]/action/{endpoint}[/{id}]`, POST unless named. */
export function defineAction<I extends z.ZodType, O extends z.ZodType>(spec: ActionSpec<I, O>): ApiDescriptor<I, O> {
  const method = spec.method ?? 'POST';
  const withId = spec.withId ?? false;
  const base = spec.dataType
    ? `/actions/${spec.app}/${spec.dataType}/action/${spec.endpoint}`
    : `/actions/${spec.app}/action/${spec.endpoint}`;
  return Object.freeze({
    name: spec.name,
    summary: spec.summary,
    method,
    path: withId ? `${base}/:id` : base,
    withId,
    app: spec.app,
    ...(spec.dataType ? { dataType: spec.dataType } : {}),
    endpoint: spec.endpoint,
    input: spec.input,
    output: spec.output,
    access: spec.access,
    stateChanging: method !== 'GET',
  });
}

export interface RouteSpec<I extends z.ZodType, O extends z.ZodType> extends CommonSpec<I, O> {
  path: string;
}

/** A system route outside the action tree, e.g. `/health`. */
export function defineRoute<I extends z.ZodType, O extends z.ZodType>(spec: RouteSpec<I, O>): ApiDescriptor<I, O> {
  const method = spec.method ?? 'GET';
  return Object.freeze({
    name: spec.name,
    summary: spec.summary,
    method,
    path: spec.path,
    withId: spec.withId ?? false,
    input: spec.input,
    output: spec.output,
    access: spec.access,
    stateChanging: method !== 'GET',
  });
}

/** The concrete path of a call, with its id encoded into the `:id` segment. */
export function resolvePath(descriptor: ApiDescriptor, id?: string | number): string {
  if (!descriptor.withId) return descriptor.path;
  if (id === undefined || id === '') throw new Error(`Missing required parameter: id`);
  return descriptor.path.replace(':id', encodeURIComponent(String(id)));
}
