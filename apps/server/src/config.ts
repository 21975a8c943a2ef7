/**
 * Every environment variable the server reads, parsed once at start-up. A bad value stops
 * the server with a message naming the variable rather than failing later in some request.
 */
import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { isValidEmail } from '@chi/contract';
import { REPOSITORY_ROOT, SERVER_ROOT } from './paths';
import { parseLimits } from './config-limits';
import type { ServerLimits } from './config-limits';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  | { readonly dialect: 'sqlite'; readonly file: string }
  | { readonly dialect: 'postgres'; readonly url: string };

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute; exists once the config is loaded. */
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  /** PostgreSQL only: every pooled connection uses this schema (tests isolate themselves with it). */
  readonly databaseSchema?: string;
  readonly publicDomain: string;
  readonly gameTimeScale: number;
  /** Origins allowed to embed the delphi app in an iframe, normalised (`https://host[:port]`). */
  readonly studyParentOrigins: readonly string[];
  /** STUDY_ALLOW_RESET: anyone may reset a participant (`resetParticipantForTesting`); for test deployments only. */
  readonly studyAllowReset: boolean;
  readonly logLevel: LogLevel;
  readonly webDistDir: string;
  /** `smtp://` or `smtps://` URL; without it mail is written to `DATA_DIR/outbox/` as .eml files. */
  readonly smtpUrl?: string;
  /** The From header of every mail. */
  readonly mailFrom: string;
  /** UPLOAD_MAX_BYTES: the largest uploaded file accepted (default 10 MB). */
  readonly uploadMaxBytes: number;
  /** UPLOAD_MAX_FILES: the most files one upload may carry (default 10). */
  readonly uploadMaxFiles: number;
  /**
   * TRUST_PROXY, handed to Fastify's `trustProxy`: false (default), true (trust every hop),
   * a hop count, or the addresses/CIDRs of the load balancers. Decides `request.ip`, which
   * rate limits and request logs use.
   */
  readonly trustProxy: TrustProxy;
  /** JOB_LEASE_SECONDS in ms: how long a job's claim lasts without a heartbeat (ADR 007). */
  readonly jobLeaseMs: number;
  /** EXPORT_BATCH_SIZE: responses read per batch while writing an export. */
  readonly exportBatchSize: number;
  /** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: an OpenAI-compatible chat endpoint for assistants; absent = extractive answers (issue 14). */
  readonly llm?: { readonly baseUrl: string; readonly apiKey?: string; readonly model: string };
  /**
   * EMBEDDING_BASE_URL, EMBEDDING_MODEL, EMBEDDING_API_KEY: an OpenAI-compatible `/embeddings`
   * endpoint; when set, assistants add dense search fused with BM25 (ADR 028). Absent = BM25 only.
   */
  readonly embedding?: { readonly baseUrl: string; readonly apiKey?: string; readonly model: string };
  /** ASSISTANT_FILE_MAX_BYTES: the largest file an assistant accepts (default 20 MB). */
  readonly assistantFileMaxBytes: number;
  /** Time-outs, streams and storage per person, parse limits (issue 24; config-limits.ts). */
  readonly limits: ServerLimits;
  /** The first administrator, ensured at start-up when both variables are set. */
  readonly admin?: { readonly email: string; readonly password: string };
}

export type TrustProxy = boolean | number | readonly string[];

/** A configuration mistake: main.ts prints the message alone (no stack) and exits 1. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Environment = Readonly<Record<string, string | undefined>>;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Relative paths are resolved against the repository root (see paths.ts for why). */
function absolutePath(value: string): string {
  return isAbsolute(value) ? value : resolve(REPOSITORY_ROOT, value);
}

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be an integer between 0 and 65535')
  .transform(Number)
  .refine((n) => n <= 65_535, 'must be an integer between 0 and 65535');

const gameTimeScale = z
  .string()
  .transform(Number)
  .refine((n) => Number.isFinite(n) && n > 0, 'must be a positive number');

function parseOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '';
    if ((url.protocol === 'http:' || url.protocol === 'https:') && bare) return url.origin;
  } catch {
    // not a URL at all: reported below like any other bad origin
  }
  return undefined;
}

const studyParentOrigins = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const item of value.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const origin = parseOrigin(item);
    if (origin === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of http(s) origins; "${item}" is not one` });
      return z.NEVER;
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
});

const databaseUrl = z.string().transform((value, ctx): { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string } => {
  if (/^postgres(ql)?:\/\//i.test(value)) {
    if (!URL.canParse(value)) {
      ctx.addIssue({ code: 'custom', message: 'is not a valid PostgreSQL URL' });
      return z.NEVER;
    }
    return { dialect: 'postgres', url: value };
  }
  if (/^sqlite:/i.test(value)) {
    // sqlite:relative/file, sqlite:/abs/file and sqlite:///abs/file all name a file.
    const rest = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (rest !== '') return { dialect: 'sqlite', path: rest };
  } else if (!/^[a-z][a-z0-9+.-]+:/i.test(value)) {
    return { dialect: 'sqlite', path: value };
  }
  ctx.addIssue({ code: 'custom', message: 'must be a postgres:// or postgresql:// URL, a sqlite: URL or a file path' });
  return z.NEVER;
});

const positiveInteger = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a positive integer')
  .transform(Number)
  .refine((n) => n > 0, 'must be a positive integer');

function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d{1,3}$/.test(text)) return Number(text);
  const items = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = items.find((item) => !isAddressOrCidr(item));
  if (items.length === 0 || bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count or a comma-separated list of IP addresses or CIDRs${bad ? `; "${bad}" is none of these` : ''}` });
    return z.NEVER;
  }
  return items;
});

/** Each variable with its parser; unset and empty variables take the default. */
const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_SCHEMA: z.string().regex(SCHEMA_NAME, 'must be a lower-case SQL identifier (a-z, 0-9, _)').optional(),
  PUBLIC_DOMAIN: z.string().regex(HOSTNAME, 'must be a domain name such as chi.localhost').default('chi.localhost'),
  GAME_TIME_SCALE: gameTimeScale.default(1),
  STUDY_PARENT_ORIGINS: studyParentOrigins.default([]),
  STUDY_ALLOW_RESET: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//i.test(value) && URL.canParse(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().max(300).optional(),
  UPLOAD_MAX_BYTES: positiveInteger.default(10 * 1024 * 1024),
  UPLOAD_MAX_FILES: positiveInteger.default(10),
  TRUST_PROXY: trustProxy.default(false),
  JOB_LEASE_SECONDS: positiveInteger.refine((n) => n <= 3600, 'must be at most 3600').default(30),
  EXPORT_BATCH_SIZE: positiveInteger.refine((n) => n <= 100_000, 'must be at most 100000').default(2_000),
  LLM_BASE_URL: z
    .string()
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http:// or https:// URL')
    .optional(),
  // Never logged, never echoed in an error.
  LLM_API_KEY: z.string().max(4_096).optional(),
  LLM_MODEL: z.string().max(200).optional(),
  // Refused in loadConfig with how to serve a GGUF file instead (ADR 028).
  LLM_MODEL_PATH: z.string().optional(),
  EMBEDDING_BASE_URL: z
    .string()
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http:// or https:// URL')
    .optional(),
  // Never logged, never echoed in an error.
  EMBEDDING_API_KEY: z.string().max(4_096).optional(),
  EMBEDDING_MODEL: z.string().max(200).optional(),
  ASSISTANT_FILE_MAX_BYTES: positiveInteger.default(20 * 1024 * 1024),
  ADMIN_EMAIL: z.string().refine(isValidEmail, 'must be an e-mail address').optional(),
  // The plain password the administrator types; never logged, never echoed in an error.
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
});

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
}

function ensureDirectory(dir: string, variable: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Invalid configuration: ${variable} cannot be created (${reason})`);
  }
}

export function loadConfig(env: Environment = process.env): Config {
  // An empty variable (`PORT=`) means "use the default", as most shells and .env tools intend.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  const vars = parsed.data;
  const limits = parseLimits(present);
  if ('error' in limits) throw new ConfigError(`Invalid configuration: ${describeIssues(limits.error)}`);

  const dataDir = absolutePath(vars.DATA_DIR);
  ensureDirectory(dataDir, 'DATA_DIR');

  const url = vars.DATABASE_URL;
  let database: DatabaseConfig;
  if (url?.dialect === 'postgres') {
    database = { dialect: 'postgres', url: url.url };
  } else {
    const file = url ? absolutePath(url.path) : join(dataDir, 'chi.sqlite');
    ensureDirectory(dirname(file), 'DATABASE_URL');
    database = { dialect: 'sqlite', file };
  }
  if (vars.DATABASE_SCHEMA !== undefined && database.dialect !== 'postgres') {
    throw new ConfigError('Invalid configuration: DATABASE_SCHEMA is only supported with a PostgreSQL DATABASE_URL');
  }

  if ((vars.ADMIN_EMAIL === undefined) !== (vars.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (vars.LLM_BASE_URL !== undefined && vars.LLM_MODEL === undefined) {
    throw new ConfigError('Invalid configuration: LLM_MODEL must be set with LLM_BASE_URL (the model name the endpoint serves)');
  }
  if (vars.LLM_BASE_URL === undefined && (vars.LLM_MODEL !== undefined || vars.LLM_API_KEY !== undefined)) {
    throw new ConfigError('Invalid configuration: LLM_MODEL and LLM_API_KEY need LLM_BASE_URL');
  }
  if (vars.LLM_MODEL_PATH !== undefined) {
    throw new ConfigError(
      'Invalid configuration: LLM_MODEL_PATH is not supported (a local GGUF model is not loaded in the server process). ' +
        "Serve the file with llama.cpp's OpenAI-compatible server, e.g. `llama-server -m model.gguf --port 8080`, " +
        'then set LLM_BASE_URL=http://127.0.0.1:8080/v1 and LLM_MODEL to the model name, and remove LLM_MODEL_PATH',
    );
  }
  if (vars.EMBEDDING_BASE_URL !== undefined && vars.EMBEDDING_MODEL === undefined) {
    throw new ConfigError('Invalid configuration: EMBEDDING_MODEL must be set with EMBEDDING_BASE_URL (the embedding model name the endpoint serves)');
  }
  if (vars.EMBEDDING_BASE_URL === undefined && (vars.EMBEDDING_MODEL !== undefined || vars.EMBEDDING_API_KEY !== undefined)) {
    throw new ConfigError('Invalid configuration: EMBEDDING_MODEL and EMBEDDING_API_KEY need EMBEDDING_BASE_URL');
  }
  const publicDomain = vars.PUBLIC_DOMAIN.toLowerCase();

  return {
    port: vars.PORT,
    host: vars.HOST.trim(),
    dataDir,
    database,
    ...(vars.DATABASE_SCHEMA !== undefined ? { databaseSchema: vars.DATABASE_SCHEMA } : {}),
    publicDomain,
    gameTimeScale: vars.GAME_TIME_SCALE,
    studyParentOrigins: vars.STUDY_PARENT_ORIGINS,
    studyAllowReset: vars.STUDY_ALLOW_RESET,
    logLevel: vars.LOG_LEVEL,
    // The default is found from the server package, so it holds whatever the cwd is.
    webDistDir: vars.WEB_DIST_DIR ? absolutePath(vars.WEB_DIST_DIR) : resolve(SERVER_ROOT, '../web/dist'),
    ...(vars.SMTP_URL !== undefined ? { smtpUrl: vars.SMTP_URL } : {}),
    mailFrom: vars.MAIL_FROM?.trim() ?? `CHI research framework <no-reply@${publicDomain}>`,
    uploadMaxBytes: vars.UPLOAD_MAX_BYTES,
    uploadMaxFiles: vars.UPLOAD_MAX_FILES,
    trustProxy: vars.TRUST_PROXY,
    jobLeaseMs: vars.JOB_LEASE_SECONDS * 1000,
    exportBatchSize: vars.EXPORT_BATCH_SIZE,
    ...(vars.LLM_BASE_URL !== undefined && vars.LLM_MODEL !== undefined
      ? { llm: { baseUrl: vars.LLM_BASE_URL, model: vars.LLM_MODEL.trim(), ...(vars.LLM_API_KEY !== undefined ? { apiKey: vars.LLM_API_KEY } : {}) } }
      : {}),
    ...(vars.EMBEDDING_BASE_URL !== undefined && vars.EMBEDDING_MODEL !== undefined
      ? { embedding: { baseUrl: vars.EMBEDDING_BASE_URL, model: vars.EMBEDDING_MODEL.trim(), ...(vars.EMBEDDING_API_KEY !== undefined ? { apiKey: vars.EMBEDDING_API_KEY } : {}) } }
      : {}),
    assistantFileMaxBytes: vars.ASSISTANT_FILE_MAX_BYTES,
    limits,
    ...(vars.ADMIN_EMAIL !== undefined && vars.ADMIN_PASSWORD !== undefined
      ? { admin: { email: vars.ADMIN_EMAIL.trim().toLowerCase(), password: vars.ADMIN_PASSWORD } }
      : {}),
  };
}
