/**
 * What names a build's contract (ADR 080): the API reference of every descriptor as one JSON
 * text, without the version number, and its fingerprint. Two builds from the same contract agree;
 * a changed path, input or output (a new enum value, a new required field) gives another
 * fingerprint. The server sends its own in CONTRACT_HEADER; the web build bakes its own into the
 * page. Building the text takes tens of milliseconds, so both compute it once, at build time.
 */
import { ALL_DESCRIPTORS } from './actions/index';
import { buildOpenApi } from './openapi';

export function contractShape(): string {
  return JSON.stringify(buildOpenApi(ALL_DESCRIPTORS, ''));
}

/**
 * 16 hex digits: two 32-bit FNV-1a hashes of the text (FNV's prime and MurmurHash2's multiplier).
 * It tells two contracts apart; it guards no secret, so it needs no cryptographic hash and runs
 * the same wherever the contract does.
 */
export function contractFingerprint(shape: string = contractShape()): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let i = 0; i < shape.length; i += 1) {
    const code = shape.charCodeAt(i);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x5bd1e995);
  }
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  return hex(high) + hex(low);
}
