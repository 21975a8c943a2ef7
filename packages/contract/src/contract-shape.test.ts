import { describe, expect, it } from 'vitest';
import { contractFingerprint, contractShape } from './contract-shape';

describe('contract fingerprint', () => {
  it('is 16 hex digits, the same for the same contract', () => {
    const fingerprint = contractFingerprint();
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(contractFingerprint(contractShape())).toBe(fingerprint);
  });

  it('changes when an answer gains an enum value', () => {
    const shape = contractShape();
    // A recording's kind, as an answer lists it.
    const kinds = '"enum":["background","talk"]';
    expect(shape.includes(kinds)).toBe(true);
    expect(contractFingerprint(shape.replace(kinds, '"enum":["background","talk","music"]'))).not.toBe(contractFingerprint(shape));
  });

  it('tells apart texts that differ in one character anywhere', () => {
    expect(contractFingerprint('{"a":1}')).not.toBe(contractFingerprint('{"a":2}'));
    expect(contractFingerprint('x{"a":1}')).not.toBe(contractFingerprint('y{"a":1}'));
    expect(contractFingerprint('')).toBe('050c5d1f811c9dc5');
  });
});
