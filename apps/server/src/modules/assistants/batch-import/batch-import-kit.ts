/** Test helpers for batch imports: the multipart call as the web page makes it. */
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, quantumHr } from '@chi/contract';
import { XHR_HEADERS } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { HOST, multipart } from '../assistants-kit';
import type { FilePart } from '../assistants-kit';

export function startImport(t: Pick<TestApp, 'app'>, session: string | undefined, prefix: string, pipe: string, files: readonly FilePart[], target?: string | quantumHr.ImportTargetRef): Promise<LightMyRequestResponse> {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: API_BASE + quantumHr.batchImportPath(prefix, pipe, 'import', target),
    headers: { ...XHR_HEADERS, host: HOST, ...(session ? { cookie: `chi_session=${session}` } : {}), ...body.headers },
    payload: body.payload,
  });
}

