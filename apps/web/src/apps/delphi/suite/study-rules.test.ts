/** The pure rules of a study link's page (issue 26, ADR 073): devices, order, language, the panel's name, preview. */
import { describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { inOrder } from './hub';
import { studyLanguage } from './study-language';
import { panelName } from './panel-name';
import { studyLinkOf } from './study-link';

const { deviceProblems } = delphi;
const NOTHING = { phoneAllowed: true, keyboardNeeded: false, microphoneNeeded: false };
const DESKTOP = { touchOnly: false, phone: false, microphone: true };
const PHONE = { touchOnly: true, phone: true, microphone: true };
const TABLET = { touchOnly: true, phone: false, microphone: false };

describe('deviceProblems', () => {
  it('asks nothing of a device when the study needs nothing', () => {
    expect(deviceProblems(NOTHING, PHONE)).toEqual([]);
    expect(deviceProblems(NOTHING, TABLET)).toEqual([]);
  });

  it('names each requirement a device misses, and none a desktop meets', () => {
    const all = { phoneAllowed: false, keyboardNeeded: true, microphoneNeeded: true };
    expect(deviceProblems(all, DESKTOP)).toEqual([]);
    expect(deviceProblems(all, PHONE)).toEqual(['phone', 'keyboard']);
    expect(deviceProblems(all, TABLET)).toEqual(['keyboard', 'microphone']);
    expect(deviceProblems({ ...NOTHING, phoneAllowed: false }, TABLET)).toEqual([]);
  });
});

describe('inOrder: only the next game of a fixed order opens', () => {
  const tile = (status: 'toPlay' | 'completed' | 'playing' | 'interrupted', optional = false) => ({ game: { optional }, status });

  it('opens the first game still to play, and waits the rest', () => {
    expect(inOrder([tile('completed'), tile('toPlay'), tile('toPlay')]).map((t) => t.status)).toEqual(['completed', 'toPlay', 'later']);
    expect(inOrder([tile('interrupted'), tile('toPlay')]).map((t) => t.status)).toEqual(['interrupted', 'toPlay']);
  });

  it('lets an optional next game be passed over, and keeps all waiting while one is played', () => {
    expect(inOrder([tile('toPlay', true), tile('toPlay'), tile('toPlay')]).map((t) => t.status)).toEqual(['toPlay', 'toPlay', 'later']);
    expect(inOrder([tile('playing'), tile('toPlay')]).map((t) => t.status)).toEqual(['playing', 'later']);
  });
});

describe('studyLanguage', () => {
  const study = { languages: ['dk' as const], defaultLanguage: 'dk' as const };
  it("starts in the study's default unless the participant chose one of its languages", () => {
    expect(studyLanguage(study, undefined)).toBe('dk');
    expect(studyLanguage(study, 'en')).toBe('dk');
    expect(studyLanguage({ languages: ['en', 'dk'], defaultLanguage: 'dk' }, 'en')).toBe('en');
  });
});

describe('panelName', () => {
  it("names the panel of a completion link, else its host", () => {
    expect(panelName('https://app.prolific.com/submissions/complete?cc=X')).toBe('Prolific');
    expect(panelName('https://uni.sona-systems.com/webstudy_credit.aspx?x=1')).toBe('SONA');
    expect(panelName('https://panel.example.org/done')).toBe('panel.example.org');
  });
});

describe('studyLinkOf', () => {
  it('takes preview=1 as the page switch, not a panel parameter', () => {
    expect(studyLinkOf('s', 'PROLIFIC_PID=p&preview=1')).toEqual({ slug: 's', params: { PROLIFIC_PID: 'p' }, preview: true });
    expect(studyLinkOf('s', 'PROLIFIC_PID=p')).toEqual({ slug: 's', params: { PROLIFIC_PID: 'p' } });
  });
});
