/**
 * A study's link name suggested from its name, so a researcher who types "Forårspilot 2027" gets
 * "foraarspilot-2027" (the slug rule is ASCII only: lower-case a–z, digits and hyphens, 1–60).
 * Danish and German letters are written the way their own languages write them without the
 * letter (æ → ae, ø → oe, å → aa, ß → ss); other accents are dropped (é → e); anything else
 * becomes one hyphen between words. Empty when the name has no letter or digit to keep.
 */
const SPELLED_OUT: Readonly<Record<string, string>> = { æ: 'ae', ø: 'oe', å: 'aa', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

const MAX_LENGTH = 60;

export function slugFromName(name: string): string {
  const spelled = name
    .toLowerCase()
    .replace(/[æøåäöüß]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const hyphenated = spelled.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return hyphenated.slice(0, MAX_LENGTH).replace(/-+$/, '');
}
