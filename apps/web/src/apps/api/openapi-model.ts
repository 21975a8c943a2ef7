/** Reads the generated OpenAPI document into rows a person can scan: method, path, access, fields. */
import type { OpenApiDocument } from '@chi/contract';

export interface ApiField {
  name: string;
  type: string;
  required: boolean;
  /** Where an input field goes: the JSON body, the query string or the path. */
  location: 'body' | 'query' | 'path';
}

export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  access: string;
  input: ApiField[];
  output: ApiField[];
}

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const MAX_DEPTH = 3;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function schemaType(schema: unknown): string {
  if (!isJson(schema)) return 'any';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return [...new Set(union.map(schemaType))].join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return `${schemaType(schema.items)}[]`;
  if (schema.type === 'object' && !isJson(schema.properties) && isJson(schema.additionalProperties)) {
    return `record<string, ${schemaType(schema.additionalProperties)}>`;
  }
  if (typeof schema.type === 'string') return typeof schema.format === 'string' ? `${schema.type} (${schema.format})` : schema.type;
  return 'any';
}

/** Object properties as fields; nested objects are listed with dotted names (`info.title`). */
export function schemaFields(schema: unknown, location: ApiField['location'] = 'body', prefix = '', depth = 0): ApiField[] {
  if (!isJson(schema) || !isJson(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const fields: ApiField[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    const name = prefix + key;
    fields.push({ name, type: isJson(property) && isJson(property.properties) ? 'object' : schemaType(property), required: required.has(key), location });
    if (depth + 1 < MAX_DEPTH) fields.push(...schemaFields(property, location, `${name}.`, depth + 1));
  }
  return fields;
}

function jsonSchemaOf(content: unknown): unknown {
  return isJson(content) && isJson(content['application/json']) ? content['application/json'].schema : undefined;
}

function parameterFields(parameters: unknown): ApiField[] {
  if (!Array.isArray(parameters)) return [];
  return parameters.filter(isJson).map((parameter) => ({
    name: String(parameter.name),
    type: schemaType(parameter.schema),
    required: parameter.required === true,
    location: parameter.in === 'path' ? 'path' : 'query',
  }));
}

export function operationsOf(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isJson(operation)) continue;
      const requestBody = isJson(operation.requestBody) ? jsonSchemaOf(operation.requestBody.content) : undefined;
      const responses = isJson(operation.responses) ? operation.responses : {};
      const success = isJson(responses['200']) ? jsonSchemaOf(responses['200'].content) : undefined;
      operations.push({
        id: typeof operation.operationId === 'string' ? operation.operationId : `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        tag: Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : 'other',
        access: typeof operation['x-access'] === 'string' ? operation['x-access'] : 'public',
        input: [...parameterFields(operation.parameters), ...schemaFields(requestBody)],
        output: schemaFields(success, 'body'),
      });
    }
  }
  return operations;
}

/** Operations grouped by their tag (the owning app), in first-seen order. */
export function groupByTag(operations: readonly ApiOperation[]): Array<[string, ApiOperation[]]> {
  const groups = new Map<string, ApiOperation[]>();
  for (const operation of operations) groups.set(operation.tag, [...(groups.get(operation.tag) ?? []), operation]);
  return [...groups];
}
