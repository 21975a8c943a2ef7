/** A study made through the API by its owner and opened (draft → piloting → open), for e2e files whose subject is a participant's side. */
import { expect } from 'vitest';
import { API_BASE, delphi, resolvePath } from '@chi/contract';
import type { E2eFixture } from './fixture';
import { callApi, httpGet } from './api-client';

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

/** How many live participants the study's list says started the study named `name` (its owner asking). */
export async function startedCount(fx: E2eFixture, cookie: string, name: string): Promise<number | undefined> {
  const listed = await httpGet(fx.server.port, API_BASE + resolvePath(delphi.listStudies), { cookie });
  expect(listed.status, listed.body).toBe(200);
  return listed.json<{ studies: delphi.StudySummary[] }>().studies.find((study) => study.name === name)?.started;
}
