/** A study made through the API by its owner and opened (draft → piloting → open), for e2e files whose subject is a participant's side. */
import { expect } from 'vitest';
import { delphi } from '@chi/contract';
import type { E2eFixture } from './fixture';
import { callApi } from './api-client';

export async function openStudyByApi(fx: E2eFixture, cookie: string, input: delphi.CreateStudyInput): Promise<delphi.Study> {
  const created = await callApi(fx.server.port, delphi.createStudy, input, { cookie });
  expect(created.status, created.body).toBe(200);
  const study = created.json<{ study: delphi.Study }>().study;
  for (const status of ['piloting', 'open']) {
    const changed = await callApi(fx.server.port, delphi.setStudyStatus, { status }, { cookie, id: study.id });
    expect(changed.status, changed.body).toBe(200);
  }
  return study;
}
