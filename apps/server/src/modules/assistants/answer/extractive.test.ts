/**
 * The extractive answer quotes whole sentences (issue 25 item 19): never a list marker or a
 * heading as a passage ("7. [2]", "Participant Consent Procedure 1. [4]"), never a cut inside a
 * token ("ethics@chi. [3]").
 */
import { describe, expect, it } from 'vitest';
import { bestExcerpt, extractiveAnswer } from './extractive';
import { cutAtWord, sentencesOf } from './sentences';

const CONSENT = [
  'Participant Consent Procedure',
  '1. Participants read the information sheet before the session.',
  '2. Participants sign the consent form.',
  '7. Questions about the study go to ethics@chi.dk or to the study lead.',
].join('\n');

describe('sentences of a passage', () => {
  it('drops headings and list markers and keeps addresses and numbers whole', () => {
    expect(sentencesOf(CONSENT)).toEqual([
      'Participants read the information sheet before the session.',
      'Participants sign the consent form.',
      'Questions about the study go to ethics@chi.dk or to the study lead.',
    ]);
  });
  it('drops a heading and markers run together on one line, as a PDF gives them', () => {
    const pdf = 'Participant Consent Procedure 1. Participants sign the form. 7. Mail ethics@chi.dk with version 2.5 of form.pdf today.';
    expect(sentencesOf(pdf)).toEqual(['Participants sign the form.', 'Mail ethics@chi.dk with version 2.5 of form.pdf today.']);
  });
  it('keeps a sentence that ends in a number and does not split after an abbreviation', () => {
    expect(sentencesOf('Leave starts in year 2. Bring e.g. a passport to Dr. Hansen.')).toEqual(['Leave starts in year 2.', 'Bring e.g. a passport to Dr. Hansen.']);
  });
  it('cuts a long text at a word boundary', () => {
    expect(cutAtWord('write to ethics@chi.dk today', 15)).toBe('write to …');
    expect(cutAtWord('short', 15)).toBe('short');
  });
});

describe('the extractive answer', () => {
  it('quotes the matching sentence whole, never a marker or a heading', () => {
    expect(bestExcerpt(CONSENT, 'Who do I mail with questions about the study?')).toBe('Questions about the study go to ethics@chi.dk or to the study lead.');
    expect(bestExcerpt(CONSENT, 'consent procedure')).toBe('Participants sign the consent form.');
    const answer = extractiveAnswer({ question: 'emergency procedure', language: 'en', passages: [{ n: 1, fileName: 'consent.pdf', page: 1, text: CONSENT }] });
    expect(answer).not.toMatch(/> (?:\d+\.|Participant Consent Procedure)/);
    expect(answer).toContain('> Participants read the information sheet before the session. [1]');
  });
  it('never ends a long quote inside a word or an address', () => {
    const long = `${'The participant reads the whole sheet slowly. '.repeat(12)}Write to ethics@chi.dk for help.`;
    const excerpt = bestExcerpt(long, 'participant sheet help ethics');
    expect(excerpt.length).toBeLessThanOrEqual(602);
    for (const token of excerpt.replace(/ …$/, '').split(/\s+/)) expect(long.split(/\s+/)).toContain(token);
  });
});
