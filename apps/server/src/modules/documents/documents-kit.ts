/** Test helpers for the documents suites: calling a documents descriptor for one app and data type. */
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, documents } from '@chi/contract';
import type { ApiDescriptor, AppId } from '@chi/contract';
import { createUser, logIn } from '../../test/account-kit';
import { XHR_HEADERS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

export function docCall(
  t: TestApp,
  descriptor: ApiDescriptor,
  scope: { appId: string; dataType: string },
  payload: unknown,
  session?: string,
): Promise<LightMyRequestResponse> {
  const url = API_BASE + documents.documentPath(descriptor, scope.appId as AppId, scope.dataType);
  return t.app.inject({
    method: descriptor.method,
    url,
    headers: { ...XHR_HEADERS, host: 'app.chi.localhost', ...(session ? { cookie: `chi_session=${session}` } : {}) },
    payload: payload as object,
  });
}

export interface Users {
  readonly owner: { session: string; userId: string };
  readonly other: { session: string; userId: string };
  readonly admin: { session: string; userId: string };
  readonly devOp: { session: string; userId: string };
}

/** Four signed-in users: an owner, someone else, an app admin and a devOp. */
export async function makeUsers(t: TestApp): Promise<Users> {
  const password = 'correct horse battery';
  const make = async (email: string, flags: { appAdmin?: boolean; devOp?: boolean } = {}) => {
    await createUser(t, { email, password, ...flags });
    return logIn(t, email, password);
  };
  return {
    owner: await make('owner@example.org'),
    other: await make('other@example.org'),
    admin: await make('admin@example.org', { appAdmin: true }),
    devOp: await make('devop@example.org', { devOp: true }),
  };
}
