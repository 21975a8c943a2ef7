/** Turns a zod failure into one readable message that names each offending field. */
import type { z } from 'zod';

function formatPath(root: string, path: readonly PropertyKey[]): string {
  let out = root;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * `email: Invalid email address; tags[2]: Too long`. The root is named (`body`, `query`)
 * only when the whole input is wrong, so field messages read like the form's labels.
 * `prefix` names where the input sits in a larger one (a batch's `records[2].input`).
 */
export function formatZodError(error: z.core.$ZodError, root: string, prefix = ''): string {
  const messages = error.issues.map((issue) => {
    const where = issue.path.length === 0 ? root : formatPath(prefix, issue.path);
    return `${where}: ${issue.message}`;
  });
  return [...new Set(messages)].join('; ');
}
