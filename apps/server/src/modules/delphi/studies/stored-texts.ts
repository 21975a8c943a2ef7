/**
 * A study's texts in other languages as stored (migration 0042, ADR 079): a JSON object from a
 * language to its Markdown. Read back as the known languages' non-empty texts, in LANGUAGES' order.
 */
import { LANGUAGES, delphi } from '@chi/contract';

export function storedTexts(json: string): delphi.LanguageTexts {
  const texts = parseObject(json);
  const strings: delphi.LanguageTexts = {};
  for (const language of LANGUAGES) {
    const text = texts[language];
    if (typeof text === 'string') strings[language] = text;
  }
  return delphi.dropEmptyTexts(strings);
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
