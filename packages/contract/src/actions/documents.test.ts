import { describe, expect, it } from 'vitest';
import { API_BASE } from '../constants';
import { buildOpenApi } from '../openapi';
import { ALL_DESCRIPTORS } from './index';
import * as documents from './documents';
import * as shortLinks from './short-links';
import * as uploads from './uploads';

describe('documents descriptors', () => {
  it('put the app and data type in the path', () => {
    expect(documents.list.path).toBe('/actions/:appId/:dataType/action/list');
    expect(documents.documentPath(documents.patch, 'assistants', 'Note')).toBe('/actions/assistants/Note/action/patch');
    expect(documents.patch.method).toBe('PATCH');
    expect(documents.publish.method).toBe('PUT');
    expect(documents.retract.method).toBe('PUT');
    expect(documents.remove.method).toBe('POST');
    expect(documents.proxy.path).toBe('/actions/:appId/:dataType/action/proxy');
    expect(documents.proxy.method).toBe('POST');
    expect(documents.DOCUMENT_DESCRIPTORS.map((d) => d.endpoint)).toEqual(['list', 'create', 'log', 'get', 'patch', 'publish', 'retract', 'delete', 'proxy']);
  });

  it('are in ALL_DESCRIPTORS with short links and uploads', () => {
    for (const d of [...documents.DOCUMENT_DESCRIPTORS, ...shortLinks.SHORT_LINK_DESCRIPTORS, ...uploads.UPLOAD_DESCRIPTORS]) {
      expect(ALL_DESCRIPTORS).toContain(d);
    }
    expect(new Set(ALL_DESCRIPTORS.map((d) => d.name)).size).toBe(ALL_DESCRIPTORS.length);
  });

  it('render their path parameters in the OpenAPI document', () => {
    const doc = buildOpenApi(ALL_DESCRIPTORS, '1.0.0');
    const operation = doc.paths[`${API_BASE}/actions/{appId}/{dataType}/action/list`]?.post as { parameters: { name: string; schema: { enum?: string[] } }[]; tags: string[] };
    expect(operation.parameters.map((p) => p.name)).toEqual(['appId', 'dataType']);
    expect(operation.parameters[0]?.schema.enum).toContain('assistants');
    expect(operation.tags).toEqual(['documents']);
    expect(doc.paths[`${API_BASE}/actions/{appId}/action/upload`]).toBeDefined();
  });

  it('check limits on list input but leave filters to the server', () => {
    expect(documents.list.input.safeParse({ limit: 201 }).success).toBe(false);
    expect(documents.list.input.safeParse({ sorting: [{ field: 'a;b' }] }).success).toBe(false);
    expect(documents.list.input.parse({})).toEqual({ offset: 0, limit: 50, sorting: [] });
    expect(documents.list.input.safeParse({ filter: 'anything' }).success).toBe(true);
  });

  it('know data types and field names', () => {
    for (const ok of ['Note', '_Person', 'A1']) expect(documents.DATA_TYPE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['note', '__X', 'A-b', '', `A${'a'.repeat(64)}`]) expect(documents.DATA_TYPE_PATTERN.test(bad)).toBe(false);
    for (const ok of ['a', '_x', 'a.b.c']) expect(documents.DOCUMENT_FIELD_PATTERN.test(ok)).toBe(true);
    for (const bad of ['1a', 'a..b', "a'", 'a.b.c.d.e.f', '$.a']) expect(documents.DOCUMENT_FIELD_PATTERN.test(bad)).toBe(false);
    expect(documents.isImmutableDataType('_Entry')).toBe(true);
    expect(documents.isImmutableDataType('Entry')).toBe(false);
  });
});

describe('short link input', () => {
  it('accepts http and https URLs only, up to 2048 characters', () => {
    expect(shortLinks.create.input.safeParse({ url: ' https://example.org/x ' }).success).toBe(true);
    for (const url of ['javascript:alert(1)', 'ftp://x.org', 'x', `https://e.org/${'a'.repeat(2048)}`]) {
      expect(shortLinks.create.input.safeParse({ url }).success).toBe(false);
    }
  });
});
