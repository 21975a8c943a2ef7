/** Builds the OpenAPI 3.1 document from the descriptors (DESIGN §4): one source of truth. */
import { z } from 'zod';
import type { ApiDescriptor } from './api';
import { APP_IDS } from './apps';
import { API_BASE } from './constants';
import { DATA_TYPE_PATTERN } from './actions/documents';
import { errorBodySchema } from './errors';
import type { OpenApiDocument } from './actions/system';

type JsonSchema = Record<string, unknown>;

const PATH_PARAMETER_SCHEMAS: Record<string, JsonSchema> = {
  appId: { type: 'string', enum: [...APP_IDS] },
  dataType: { type: 'string', pattern: DATA_TYPE_PATTERN.source },
};

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function queryParameters(schema: JsonSchema): JsonSchema[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

export function buildOpenApi(descriptors: readonly ApiDescriptor[], version: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = toSchema(errorBodySchema, 'output');
  for (const d of descriptors) {
    const path = API_BASE + d.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const input = toSchema(d.input, 'input');
    // Every `:name` segment is a path parameter: `:id`, and `:appId`/`:dataType` of the generic documents.
    const parameters: JsonSchema[] = [...d.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: PATH_PARAMETER_SCHEMAS[name ?? ''] ?? { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      operationId: d.name,
      summary: d.summary,
      tags: [d.app ?? (d.path.includes(':appId') ? 'documents' : 'system')],
      'x-access': d.access,
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: toSchema(d.output, 'output') } } },
        default: { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    if (d.method === 'GET') parameters.push(...queryParameters(input));
    else operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    if (parameters.length > 0) operation.parameters = parameters;
    paths[path] = { ...paths[path], [d.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CHI research framework API', version },
    paths,
  };
}
