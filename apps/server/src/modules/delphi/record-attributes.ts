/**
 * A declared record's `attributes` (`_declared: true`) checked against its game's declaration
 * (ADR 064: prompts and responses; ADR 068: game starts and ends, round starts and ends): a missing, mistyped or undeclared attribute is a 400 that names it. A record
 * without the mark (queued by a version of a game from before declarations, kept in a
 * participant's outbox) is stored as given. A retry of a record already stored is still
 * acknowledged: the check never turns a stored record into a dead letter.
 */
import { delphi } from '@chi/contract';
import { validationError } from '../../http/app-error';

/** Why the attributes do not fit the game's declaration; null when they do. */
export function attributesProblem(gameName: string, kind: delphi.RecordKind, attributes: Record<string, unknown>): string | null {
  // Game rows only hold declared names (startGame checks them); nothing to check against otherwise.
  if (!delphi.isGameName(gameName)) return null;
  const result = delphi.declaredAttributes(gameName, kind).safeParse(attributes);
  if (result.success) return null;
  const issues = result.error.issues.map((issue) => {
    // An undeclared attribute is named by its key (zod puts it in `keys`, not in the path).
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => `attributes.${k}`).join(', ') : null;
    const where = ['attributes', ...issue.path.map(String)].join('.');
    return keys === null ? `${where}: ${issue.message}` : `${keys}: not declared`;
  });
  return `${[...new Set(issues)].join('; ')} (as ${gameName} declares its ${delphi.RECORD_KINDS[kind]})`;
}

/**
 * Refuses a record whose attributes do not fit, unless it is the retry of one already stored
 * (answered as the duplicate it is). Resolves to that acknowledgement, or null to go on.
 */
export async function refuseMisfit(
  gameName: string,
  kind: delphi.RecordKind,
  record: { attributes: Record<string, unknown>; _declared?: true | undefined },
  existing: () => Promise<string | undefined>,
): Promise<delphi.LogAck | null> {
  if (record._declared !== true) return null;
  const problem = attributesProblem(gameName, kind, record.attributes);
  if (problem === null) return null;
  const id = await existing();
  if (id !== undefined) return { _id: id, duplicate: true };
  throw validationError(problem);
}
