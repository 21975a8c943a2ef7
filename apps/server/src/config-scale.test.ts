/** The settings for several processes behind a load balancer: TRUST_PROXY, job leases, export batches. */
import { describe, expect, it } from 'vitest';
import { configKit } from './test/config-kit';

const { load, errorOf } = configKit('chi-config-scale-test');

describe('scale-out configuration', () => {
  it('defaults: no proxy trusted, 30 s job leases, exports in batches of 2000', () => {
    expect(load()).toMatchObject({ trustProxy: false, jobLeaseMs: 30_000, exportBatchSize: 2_000 });
    expect(load({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['false', false],
    ['2', 2],
    ['0', 0],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1 ', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(load({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', 'loadbalancer.internal', '10.0.0.0/33', '10.0.0.1/', '300.1.1.1', '10.0.0.1,,nope', '::1/129', '1.2.3.4/8/8', '-1'])(
    'refuses TRUST_PROXY=%s with a message naming the variable',
    (value) => {
      expect(errorOf({ TRUST_PROXY: value })).toMatch(/^Invalid configuration: TRUST_PROXY must be true, false, a hop count or a comma-separated list of IP addresses or CIDRs/);
    },
  );

  it('reads and checks JOB_LEASE_SECONDS and EXPORT_BATCH_SIZE', () => {
    expect(load({ JOB_LEASE_SECONDS: '5', EXPORT_BATCH_SIZE: '50' })).toMatchObject({ jobLeaseMs: 5_000, exportBatchSize: 50 });
    expect(errorOf({ JOB_LEASE_SECONDS: '0' })).toMatch(/^Invalid configuration: JOB_LEASE_SECONDS must be a positive integer/);
    expect(errorOf({ JOB_LEASE_SECONDS: '7200' })).toMatch(/^Invalid configuration: JOB_LEASE_SECONDS must be at most 3600/);
    expect(errorOf({ EXPORT_BATCH_SIZE: 'many' })).toMatch(/^Invalid configuration: EXPORT_BATCH_SIZE must be a positive integer/);
  });
});
