import { describe, expect, it } from 'vitest';
import { ALL_DESCRIPTORS, buildOpenApi } from '@chi/contract';
import { groupByTag, operationsOf, schemaFields, schemaType } from './openapi-model';

describe('OpenAPI reference model', () => {
  const operations = operationsOf(buildOpenApi(ALL_DESCRIPTORS, '1.0.0'));

  it('lists every descriptor with its method, path, summary and access', () => {
    expect(operations).toHaveLength(ALL_DESCRIPTORS.length);
    const health = operations.find((o) => o.id === 'HEALTH');
    expect(health).toMatchObject({ method: 'GET', path: '/api/v1/health', access: 'public', tag: 'system' });
    expect(health?.summary).toMatch(/database/);
  });

  it('lists output fields with types and required flags', () => {
    const health = operations.find((o) => o.id === 'HEALTH');
    expect(health?.output).toContainEqual({ name: 'database', type: '"sqlite" | "postgres"', required: true, location: 'body' });
    expect(health?.output).toContainEqual({ name: 'status', type: '"ok"', required: true, location: 'body' });
  });

  it('reads query and path parameters and body fields as input', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/api/v1/x/{id}': {
          post: {
            operationId: 'X',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } }, n: { type: 'integer' } }, required: ['n'] },
                },
              },
            },
          },
        },
      },
    };
    const [op] = operationsOf(doc);
    expect(op?.input).toEqual([
      { name: 'id', type: 'string', required: true, location: 'path' },
      { name: 'tags', type: 'string[]', required: false, location: 'body' },
      { name: 'n', type: 'integer', required: true, location: 'body' },
    ]);
    expect(op?.tag).toBe('other');
  });

  it('flattens nested objects and names records and unions', () => {
    expect(schemaFields({ type: 'object', properties: { info: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } } })).toEqual([
      { name: 'info', type: 'object', required: false, location: 'body' },
      { name: 'info.title', type: 'string', required: true, location: 'body' },
    ]);
    expect(schemaType({ type: 'object', additionalProperties: { type: 'number' } })).toBe('record<string, number>');
    expect(schemaType({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
  });

  it('groups by tag, each tag once, keeping every operation', () => {
    const groups = groupByTag(operations);
    const tags = groups.map(([tag]) => tag);
    expect(tags[0]).toBe('system');
    expect(new Set(tags).size).toBe(tags.length);
    expect(groups.flatMap(([, list]) => list)).toHaveLength(operations.length);
  });
});
