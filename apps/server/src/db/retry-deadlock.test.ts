import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './retry-deadlock';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs a call again when PostgreSQL chose it as a deadlock victim', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls < 3) throw deadlock();
      return 'stored';
    });
    expect([result, calls]).toEqual(['stored', 3]);
  });

  it('passes any other error on at once, and a deadlock after the last attempt', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => { calls += 1; throw new Error('bad input'); })).rejects.toThrow('bad input');
    expect(calls).toBe(1);
    await expect(retryOnDeadlock(async () => { throw deadlock(); })).rejects.toThrow('deadlock detected');
  });
});
