/** Test helper: a browser's cookie jar for CCF participant calls (the participant secret cookies). */
import type { LightMyRequestResponse } from 'fastify';
import type { ApiDescriptor } from '@chi/contract';
import { call } from '../../test/account-kit';
import type { CallOptions } from '../../test/account-kit';
import type { TestApp } from '../../test/test-app';

export interface Browser {
  call(descriptor: ApiDescriptor, payload?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** The cookies it holds, by name. */
  readonly cookies: Map<string, string>;
}

export function newBrowser(t: TestApp, host = 'ccf.chi.localhost'): Browser {
  const cookies = new Map<string, string>();
  return {
    cookies,
    call: async (descriptor, payload = {}, options = {}) => {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await call(t, descriptor, payload, { host, ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
      for (const set of response.cookies) cookies.set(set.name, set.value);
      return response;
    },
  };
}
