import { describe, expect, it } from 'vitest';
import { previewPath, studyLinks } from './study-links';

const ORIGIN = 'https://delphi.example.org';

describe('studyLinks', () => {
  it('gives Prolific its own placeholders for the id and the kept parameters', () => {
    expect(studyLinks(ORIGIN, { slug: 'main', participantParam: 'PROLIFIC_PID', keptParams: ['STUDY_ID', 'SESSION_ID'] })).toEqual([
      { kind: 'prolific', url: 'https://delphi.example.org/s/main?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}' },
    ]);
  });

  it('gives SONA %SURVEY_CODE% in id, MTurk the bare link, and ours participantId or nothing', () => {
    expect(studyLinks(ORIGIN, { slug: 's', participantParam: 'id', keptParams: [] })[0]?.url).toBe(`${ORIGIN}/s/s?id=%SURVEY_CODE%`);
    expect(studyLinks(ORIGIN, { slug: 's', participantParam: 'workerId', keptParams: [] })).toEqual([{ kind: 'mturk', url: `${ORIGIN}/s/s` }]);
    expect(studyLinks(ORIGIN, { slug: 's', participantParam: 'participantId', keptParams: [] })[0]?.url).toBe(`${ORIGIN}/s/s?participantId={participantId}`);
    expect(studyLinks(ORIGIN, { slug: 's', participantParam: 'anonymous', keptParams: [] })).toEqual([{ kind: 'anonymous', url: `${ORIGIN}/s/s` }]);
    expect(previewPath('s')).toBe('/s/s?preview=1');
  });
});
