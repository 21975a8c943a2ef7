/**
 * Bakes the contract's fingerprint (ADR 080) into the client as `import.meta.env.VITE_CHI_CONTRACT`:
 * the API client compares it with the one the server names on each answer, so a page built from
 * an older contract (a tab left open across a deploy) says "reload" rather than "Server error.".
 */
import type { Plugin } from 'vite';
import { contractModule } from './openapi-document';

export function contractFingerprintDefine(): Plugin {
  return {
    name: 'chi:contract-fingerprint',
    async config() {
      const contract = await contractModule();
      return { define: { 'import.meta.env.VITE_CHI_CONTRACT': JSON.stringify(contract.contractFingerprint()) } };
    },
  };
}
