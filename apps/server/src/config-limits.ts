/**
 * Limits that keep one client from exhausting the server (issue 24): time-outs of a request
 * and of an idle connection, live-update streams per person, stored bytes per person, and the
 * memory and time a parse of one untrusted file may take. Read with the rest of the config.
 */
import { z } from 'zod';

export interface ServerLimits {
  /** REQUEST_TIMEOUT_SECONDS in ms: the longest a client may take to send one whole request. */
  readonly requestTimeoutMs: number;
  /** IDLE_TIMEOUT_SECONDS in ms: a connection that sends and receives nothing this long is closed. */
  readonly idleTimeoutMs: number;
  /** PIPE_STREAMS_PER_USER: live-update (SSE) streams one person may hold open in one process. */
  readonly pipeStreamsPerUser: number;
  /** STORAGE_QUOTA_BYTES: bytes of uploads (images and assistant files) one person may store. */
  readonly storageQuotaBytes: number;
  /** INGEST_MEMORY_MB: heap of the worker that parses one assistant file. */
  readonly ingestMemoryMb: number;
  /** INGEST_TIME_SECONDS in ms: the longest one assistant file may take to parse. */
  readonly ingestTimeMs: number;
  /**
   * EXPORT_WORKER_MEMORY_MB: heap (old generation) of the worker thread that reads and formats
   * an export (ADR 070, h21). Unset: a worker of 64 MB on PostgreSQL, none on SQLite (the export
   * runs in the server's thread, which measured less memory there); set: a worker on both.
   */
  readonly exportWorkerMemoryMb?: number;
}

const count = (max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/, 'must be a positive integer')
    .transform(Number)
    .refine((n) => n > 0 && n <= max, `must be a positive integer of at most ${max}`);

const limitsSchema = z.object({
  REQUEST_TIMEOUT_SECONDS: count(3600).default(120),
  IDLE_TIMEOUT_SECONDS: count(3600).default(30),
  PIPE_STREAMS_PER_USER: count(1000).default(10),
  STORAGE_QUOTA_BYTES: count(Number.MAX_SAFE_INTEGER).default(1024 * 1024 * 1024),
  INGEST_MEMORY_MB: count(16_384).refine((n) => n >= 32, 'must be at least 32').default(256),
  INGEST_TIME_SECONDS: count(3600).default(60),
  EXPORT_WORKER_MEMORY_MB: count(16_384).refine((n) => n >= 16, 'must be at least 16').optional(),
});

/** The limits out of the (already emptied-of-blanks) environment, or the reason per variable. */
export function parseLimits(env: Readonly<Record<string, string | undefined>>): ServerLimits | { error: z.ZodError } {
  const parsed = limitsSchema.safeParse(env);
  if (!parsed.success) return { error: parsed.error };
  const v = parsed.data;
  return {
    requestTimeoutMs: v.REQUEST_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: v.IDLE_TIMEOUT_SECONDS * 1000,
    pipeStreamsPerUser: v.PIPE_STREAMS_PER_USER,
    storageQuotaBytes: v.STORAGE_QUOTA_BYTES,
    ingestMemoryMb: v.INGEST_MEMORY_MB,
    ingestTimeMs: v.INGEST_TIME_SECONDS * 1000,
    ...(v.EXPORT_WORKER_MEMORY_MB !== undefined ? { exportWorkerMemoryMb: v.EXPORT_WORKER_MEMORY_MB } : {}),
  };
}
