import { describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { slugFromName } from './slug-from-name';

describe('slugFromName', () => {
  it.each([
    ['Forårspilot 2027', 'foraarspilot-2027'],
    ['Spring pilot', 'spring-pilot'],
    ['Søvn & træthed: Ærø', 'soevn-traethed-aeroe'],
    ['Café Müller — Straße', 'cafe-mueller-strasse'],
    ['  --Pilot--  ', 'pilot'],
    ['STUDY_2027/Q1', 'study-2027-q1'],
  ])('%s → %s, which the slug rule takes', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
    expect(delphi.studySlugSchema.safeParse(slug).success).toBe(true);
  });

  it('cuts a long name to 60 characters without a trailing hyphen', () => {
    const slug = slugFromName(`${'a'.repeat(59)} b c`);
    expect(slug).toBe('a'.repeat(59));
    expect(delphi.studySlugSchema.safeParse(slugFromName('word '.repeat(30))).success).toBe(true);
    expect(slugFromName('word '.repeat(30)).length).toBeLessThanOrEqual(60);
  });

  it('is empty for a name with nothing to keep', () => {
    expect(slugFromName('')).toBe('');
    expect(slugFromName('— ? —')).toBe('');
    expect(slugFromName('日本語')).toBe('');
  });
});
