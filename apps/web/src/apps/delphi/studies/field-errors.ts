/**
 * Puts a server 400 message at the field it names. The server says `field: message`
 * (`update.targetSample: …`, `games[1].settings.optional: …`, several joined by `; `); a
 * game's setting message names the game (`WordLinks setting 'optional': …`). What names no
 * field of the form is shown above it.
 */
export interface FieldErrors {
  readonly byField: Readonly<Record<string, string>>;
  readonly general: string | null;
}

const GAME_MESSAGE = /\b(setting '|has no setting|is in the study twice)/;

export function fieldErrors(message: string, fields: readonly string[]): FieldErrors {
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const part of message.split('; ')) {
    const path = part.replace(/^update\./, '');
    const name = /^([A-Za-z]+)/.exec(path)?.[1];
    const text = path.replace(/^[A-Za-z]+(?:\[\d+\]|\.[A-Za-z0-9]+)*: /, '');
    const field = name && fields.includes(name) && /^[A-Za-z]+(?:\[\d+\]|\.[A-Za-z0-9]+)*: /.test(path) ? name : GAME_MESSAGE.test(part) && fields.includes('games') ? 'games' : null;
    if (field) byField[field] = byField[field] ? `${byField[field]}; ${text}` : text;
    else general.push(part);
  }
  return { byField, general: general.length > 0 ? general.join('; ') : null };
}
