import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ccf } from '@chi/contract';
import { ccfMessage } from './ccf-message';
import { readParticipation, storeParticipation } from './participation';
import { beginLink, signUpLink } from './research/create-session-form';
import { ccfOrigin } from './sign-up-form';

describe('CCF links and messages', () => {
  it('mail and share links begin on the ccf host, whatever host the form is on', () => {
    expect(ccfOrigin({ protocol: 'http:', hostname: 'showcase.chi.localhost', port: '8080' })).toBe('http://ccf.chi.localhost:8080');
    expect(ccfOrigin({ protocol: 'https:', hostname: 'chi.example.org', port: '' })).toBe('https://ccf.chi.example.org');
    expect(beginLink('http://ccf.chi.localhost:8080', 'K-1', 'Participant code')).toBe(
      'http://ccf.chi.localhost:8080/?modal=userSession&sessionKey=K-1&userIdLabel=Participant+code&userId=',
    );
    expect(beginLink('http://ccf.chi.localhost:8080', 'K-1', '')).toBe('http://ccf.chi.localhost:8080/?modal=userSession&sessionKey=K-1&userId=');
    expect(signUpLink('http://ccf.chi.localhost:8080', 's1')).toBe('http://ccf.chi.localhost:8080/?modal=signUp&sessionId=s1');
  });

  it('maps the server messages of each field type to translation keys, and leaves others alone', () => {
    const t = ((key: string) => `t:${key}`) as unknown as TFunction<'ccfForms'>;
    expect(ccfMessage(t, `value: ${ccf.ANSWER_MESSAGES.scale}`)).toBe('t:answerErrors.scale');
    expect(ccfMessage(t, 'This session is closed: answers can no longer be given or changed.')).toBe('t:serverErrors.closed');
    expect(ccfMessage(t, 'This user id is taking part in another browser. Continue there, or ask the researcher.')).toBe('t:serverErrors.otherBrowser');
    expect(ccfMessage(t, 'Server error.')).toBeNull();
  });

  it('keeps the participation for this tab only, and forgets it on leaving', () => {
    storeParticipation({ sessionKey: 'k', userId: 'P1' });
    expect(readParticipation()).toEqual({ sessionKey: 'k', userId: 'P1' });
    storeParticipation(null);
    expect(readParticipation()).toBeNull();
    window.sessionStorage.setItem('chi.ccf.participation', '{"sessionKey":1}');
    expect(readParticipation()).toBeNull();
  });
});
