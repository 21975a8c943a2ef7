/**
 * The fingerprint of the contract this server was built from (ADR 080), sent as CONTRACT_HEADER
 * on every successful API answer. `npm run build -w apps/server` bakes it into dist/main.js
 * (esbuild's `define` replaces `__CHI_CONTRACT_FINGERPRINT__`); run from source (tests, tsx), it
 * is computed on first use, once per process.
 */
import { contractFingerprint } from '@chi/contract';

declare const __CHI_CONTRACT_FINGERPRINT__: string | undefined;

let computed: string | undefined;

export function serverContractFingerprint(): string {
  computed ??= typeof __CHI_CONTRACT_FINGERPRINT__ === 'string' ? __CHI_CONTRACT_FINGERPRINT__ : contractFingerprint();
  return computed;
}
