/**
 * A file's attributes (PATCH File) as the editor shows them: one `name: value` per line.
 * Whole numbers and decimals are saved as numbers, true/false as booleans, anything else as text,
 * so what the server holds reads back the same.
 */
export type AttributeValue = string | number | boolean | null;
export type Attributes = Record<string, AttributeValue>;

export function attributesToText(attributes: Record<string, unknown>): string {
  return Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean)}`)
    .join('\n');
}

function valueOf(text: string): AttributeValue {
  if (text === '') return null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(text) && text.length < 16) return Number(text);
  return text;
}

/** The attributes, or the number of the first line that has no `name:` (counted from 1). */
export function parseAttributes(text: string): { ok: true; attributes: Attributes } | { ok: false; line: number } {
  const attributes: Attributes = {};
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
    if (name === '') return { ok: false, line: index + 1 };
    attributes[name] = valueOf(raw.slice(colon + 1).trim());
  }
  return { ok: true, attributes };
}
