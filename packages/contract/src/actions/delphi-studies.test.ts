/** A study's input (issue 26): games checked against their declarations, redirect templates, cross-field rules. */
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../constants';
import { buildOpenApi } from '../openapi';
import { completionRedirectIssue, createStudy, createStudyInputSchema, declineRedirectIssue, DELPHI_STUDY_DESCRIPTORS, normaliseStudyGame, studyCrossIssues } from './delphi-studies';

const messages = (input: unknown) => {
  const parsed = createStudyInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('study input', () => {
  it('fills today’s six games, fixed order, both languages and a participantId link when only slug and name are given', () => {
    const study = createStudyInputSchema.parse({ slug: 'pilot-1', name: 'Pilot' });
    expect(study.games.map((g) => g.game)).toEqual(['QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo']);
    expect(study).toMatchObject({ order: 'fixed', languages: ['en', 'dk'], defaultLanguage: 'en', participantParam: 'participantId', completionRedirect: null, targetSample: null });
    expect(study.devices).toEqual({ phoneAllowed: true, keyboardNeeded: false, microphoneNeeded: false });
  });

  it('checks each game’s settings against its declaration and names the game and the key', () => {
    expect(messages({ slug: 's', name: 'S', games: [{ game: 'WordLinks', settings: { optional: 'no' } }] })).toEqual([
      expect.stringMatching(/^games\.0\.settings\.optional: WordLinks setting 'optional': /),
    ]);
    expect(messages({ slug: 's', name: 'S', games: [{ game: 'QuizTime', settings: { speed: 2 } }] })).toEqual(["games.0.settings.speed: QuizTime has no setting 'speed'"]);
    expect(messages({ slug: 's', name: 'S', games: [{ game: 'QuizTime' }, { game: 'QuizTime' }] })).toEqual([
      'games.1.game: QuizTime is in the study twice (each game is played once)',
    ]);
    expect(messages({ slug: 's', name: 'S', games: [{ game: 'Chess' }] })[0]).toMatch(/^games\.0\.game: game: one of QuizTime/);
    expect(messages({ slug: 's', name: 'S', games: [] })).toEqual(['games: games: a study has at least one game']);
    expect(normaliseStudyGame({ game: 'WordLinks', settings: {} })).toEqual({ game: 'WordLinks', settings: { optional: true } });
  });

  it('takes only URL-safe slugs', () => {
    for (const slug of ['a', 'my-study-2', 'x'.repeat(60)]) expect(messages({ slug, name: 'N' })).toEqual([]);
    for (const slug of ['', '-a', 'a-', 'A', 'a b', 'ä', 'x'.repeat(61), 'a/b']) expect(messages({ slug, name: 'N' }).length).toBeGreaterThan(0);
  });

  it('accepts https redirect templates with known placeholders only', () => {
    expect(completionRedirectIssue('https://app.prolific.com/submissions/complete?cc={code}', [], true)).toBeUndefined();
    expect(completionRedirectIssue('https://uni.sona-systems.com/webstudy_credit.aspx?experiment_id=1&credit_token=t&survey_code={participantId}', [], false)).toBeUndefined();
    expect(completionRedirectIssue('https://x.org/done?s={SESSION_ID}', ['SESSION_ID'], false)).toBeUndefined();
    expect(completionRedirectIssue('http://app.prolific.com/?cc={code}', [], true)).toBe('completionRedirect: must be an https:// URL');
    expect(completionRedirectIssue('javascript:alert(1)//{code}', [], true)).toBe('completionRedirect: must be an https:// URL');
    expect(completionRedirectIssue('https://x.org/?cc={cod}', [], true)).toMatch(/^completionRedirect: unknown placeholder \{cod\}/);
    expect(completionRedirectIssue('https://x.org/?cc={code', [], true)).toBe('completionRedirect: unbalanced { or }');
    expect(completionRedirectIssue('https://x.org/?cc={code}', [], false)).toBe('completionRedirect: {code} needs a completionCode');
    expect(completionRedirectIssue('not a url {code}', [], true)).toBe('completionRedirect: not a URL');
  });

  it('checks the link for those who do not agree as a redirect without {code} (that code is for those who finished)', () => {
    expect(declineRedirectIssue('https://app.prolific.com/submissions/complete?cc=NOCONSENT', [])).toBeUndefined();
    expect(declineRedirectIssue('https://x.org/no?p={participantId}&s={SESSION_ID}', ['SESSION_ID'])).toBeUndefined();
    expect(declineRedirectIssue('https://x.org/no?cc={code}', [])).toMatch(/^declineRedirect: unknown placeholder \{code\} \(known: \{participantId\}\)/);
    expect(declineRedirectIssue('http://x.org/no', [])).toBe('declineRedirect: must be an https:// URL');
    expect(declineRedirectIssue('https://x.org/{participantId', [])).toBe('declineRedirect: unbalanced { or }');
    expect(studyCrossIssues({ declineRedirect: 'javascript:alert(1)' })).toEqual([{ path: 'declineRedirect', message: 'declineRedirect: must be an https:// URL' }]);
  });

  it('checks fields against each other: the default language offered, kept parameters apart from the participant id', () => {
    expect(messages({ slug: 's', name: 'S', languages: ['dk'], defaultLanguage: 'en' })).toEqual(['defaultLanguage: must be one of the languages offered']);
    expect(studyCrossIssues({ participantParam: 'PROLIFIC_PID', keptParams: ['PROLIFIC_PID'] })).toEqual([
      { path: 'keptParams', message: 'keptParams: PROLIFIC_PID is already the participant id' },
    ]);
    expect(messages({ slug: 's', name: 'S', extra: 1 }).length).toBe(1);
  });

  it('lists every study call in the OpenAPI document with its input', () => {
    const doc = buildOpenApi(DELPHI_STUDY_DESCRIPTORS, 'test') as unknown as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(`${API_BASE}/actions/delphi/Study/action/create`);
    expect(Object.keys(doc.paths)).toContain(`${API_BASE}/actions/delphi/Study/action/update/{id}`);
    expect(JSON.stringify(doc.paths[`${API_BASE}/actions/delphi/Study/action/create`])).toContain('completionRedirect');
    expect(createStudy.path).toBe('/actions/delphi/Study/action/create');
  });
});
