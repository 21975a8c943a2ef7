import { describe, expect, it } from 'vitest';
import type { delphi } from '@chi/contract';
import { pickStudy } from './data-scope';

function study(id: string, slug = id, access: delphi.StudyAccess = 'own'): delphi.StudySummary {
  return { id, slug, name: slug, status: 'open', version: 1, targetSample: null, access, updatedAt: '2026-11-26T10:00:00.000Z', started: 0, completed: 0, excluded: 0, lastActivity: null };
}

describe('pickStudy: the study /Data opens', () => {
  const mine = [study('st-2', 'beta'), study('st-1', 'alpha')];

  it('opens the researcher\'s most recent study when the URL names none and they are not on the default study', () => {
    expect(pickStudy(null, mine, false)).toMatchObject({ study: 'st-2', denied: false });
  });

  it('keeps the default study for those who may read it', () => {
    expect(pickStudy(null, [...mine, study('default')], false)).toMatchObject({ study: 'default', denied: false });
    expect(pickStudy(null, [], true)).toMatchObject({ study: 'default', denied: false });
    expect(pickStudy(null, null, true)).toMatchObject({ study: 'default', denied: false });
  });

  it('opens the study the URL names, by id or slug, when the researcher is on it', () => {
    expect(pickStudy('st-1', mine, false)).toMatchObject({ study: 'st-1', denied: false });
    expect(pickStudy('alpha', mine, false)).toMatchObject({ study: 'st-1', denied: false, current: { slug: 'alpha' } });
  });

  it('denies a named study the researcher is not on, and opens nothing', () => {
    expect(pickStudy('st-9', mine, false)).toEqual({ study: null, current: undefined, denied: true });
    expect(pickStudy('default', [], false)).toEqual({ study: null, current: undefined, denied: true });
  });

  it('opens nothing for a researcher on no study, without calling it a refusal', () => {
    expect(pickStudy(null, [], false)).toEqual({ study: null, current: undefined, denied: false });
  });

  it('lets an administrator open any named study, even before the list arrives', () => {
    expect(pickStudy('st-9', null, true)).toMatchObject({ study: 'st-9', denied: false });
    expect(pickStudy('st-9', mine, true)).toMatchObject({ study: 'st-9', denied: false });
  });
});
