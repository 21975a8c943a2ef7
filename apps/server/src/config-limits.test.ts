/** The limits of issue 24: defaults, configured values, and a clear refusal naming the variable. */
import { describe, expect, it } from 'vitest';
import { configKit } from './test/config-kit';

const { load, errorOf } = configKit('chi-config-limits-test');

describe('limits configuration', () => {
  it('has time-outs, a stream cap, a storage quota and parse limits by default', () => {
    expect(load().limits).toEqual({
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 30_000,
      pipeStreamsPerUser: 10,
      storageQuotaBytes: 1024 * 1024 * 1024,
      ingestMemoryMb: 256,
      ingestTimeMs: 60_000,
    });
  });

  it('reads each variable', () => {
    const env = { REQUEST_TIMEOUT_SECONDS: '30', IDLE_TIMEOUT_SECONDS: '5', PIPE_STREAMS_PER_USER: '3', STORAGE_QUOTA_BYTES: '5000', INGEST_MEMORY_MB: '64', INGEST_TIME_SECONDS: '9' };
    expect(load(env).limits).toEqual({ requestTimeoutMs: 30_000, idleTimeoutMs: 5_000, pipeStreamsPerUser: 3, storageQuotaBytes: 5000, ingestMemoryMb: 64, ingestTimeMs: 9_000 });
  });

  it('refuses bad values, naming the variable', () => {
    expect(errorOf({ REQUEST_TIMEOUT_SECONDS: '0' })).toMatch(/^Invalid configuration: REQUEST_TIMEOUT_SECONDS must be a positive integer/);
    expect(errorOf({ IDLE_TIMEOUT_SECONDS: 'soon' })).toMatch(/IDLE_TIMEOUT_SECONDS must be a positive integer/);
    expect(errorOf({ PIPE_STREAMS_PER_USER: '5000' })).toMatch(/PIPE_STREAMS_PER_USER must be a positive integer of at most 1000/);
    expect(errorOf({ STORAGE_QUOTA_BYTES: '-1' })).toMatch(/STORAGE_QUOTA_BYTES must be a positive integer/);
    expect(errorOf({ INGEST_MEMORY_MB: '8' })).toMatch(/INGEST_MEMORY_MB must be at least 32/);
  });
});
