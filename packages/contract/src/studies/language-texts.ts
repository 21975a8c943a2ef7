/**
 * A study's texts in other languages (ADR 079): the consent and the end page each have the study's
 * own text and, per language, a text of their own that participants reading that language see.
 */
import { z } from 'zod';
import { LANGUAGES } from '../constants';

/**
 * A text of the study in other languages (ADR 079): for a participant whose page is in that
 * language, in place of the study's own text. A language with none (or an empty one) shows the
 * study's own text, as before.
 */
export const languageTextsSchema = z
  .partialRecord(z.enum(LANGUAGES, { error: `each key one of ${LANGUAGES.join(', ')}` }), z.string().max(50_000))
  .transform((texts) => dropEmptyTexts(texts));
export type LanguageTexts = Partial<Record<(typeof LANGUAGES)[number], string>>;

/** The texts with something in them, in LANGUAGES' order (so an unchanged set compares equal). */
export function dropEmptyTexts(texts: LanguageTexts): LanguageTexts {
  const kept: LanguageTexts = {};
  for (const language of LANGUAGES) {
    const text = texts[language];
    if (text !== undefined && text.trim() !== '') kept[language] = text;
  }
  return kept;
}

/** The text a participant reads: their language's own, else the study's. */
export function textInLanguage(text: string, texts: LanguageTexts | undefined, language: string): string {
  return (texts as Record<string, string | undefined> | undefined)?.[language] ?? text;
}
