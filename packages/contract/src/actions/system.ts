/** System routes: health, public client configuration and the OpenAPI document. */
import { z } from 'zod';
import { defineRoute } from '../api';

export const healthOutput = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});

export const health = defineRoute({
  name: 'HEALTH',
  summary: 'Whether the server and its database answer, with the database dialect and the version.',
  path: '/health',
  input: z.object({}),
  output: healthOutput,
  access: 'public',
});

/** Public, read-only client settings. */
export const clientConfigSchema = z.object({
  version: z.string(),
  publicDomain: z.string(),
  /** Every game timer is multiplied by this (DESIGN §7); end-to-end tests shorten games with it. */
  gameTimeScale: z.number().positive(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const config = defineRoute({
  name: 'GET_CONFIG',
  summary: 'Public, read-only settings for the web client.',
  path: '/config',
  input: z.object({}),
  output: clientConfigSchema,
  access: 'public',
});

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const openApi = defineRoute({
  name: 'GET_OPENAPI',
  summary: 'The OpenAPI 3.1 document of every call, generated from the action descriptors.',
  path: '/openapi.json',
  input: z.object({}),
  output: openApiDocumentSchema,
  access: 'public',
});
