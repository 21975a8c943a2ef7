/**
 * The links a study sends its participants back to the panel with (issue 26, ADR 073): the
 * completion redirect and the link for those who do not agree, checked as templates.
 */

/** Placeholders a completion redirect may hold: `{code}`, `{participantId}` and the study's kept parameters. */
export const REDIRECT_PLACEHOLDERS = ['code', 'participantId'] as const;

/**
 * What is wrong with the redirect template of `field`, or undefined: an https URL once its
 * placeholders are filled, with only the `known` placeholders.
 */
function redirectIssue(field: string, template: string, known: ReadonlySet<string>): string | undefined {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) return `${field}: unknown placeholder {${unknown[0]}} (known: ${[...known].map((n) => `{${n}}`).join(', ')})`;
  const filled = template.replace(/\{[^{}]*\}/g, 'x');
  if (/[{}]/.test(filled)) return `${field}: unbalanced { or }`;
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    return `${field}: not a URL`;
  }
  if (url.protocol !== 'https:') return `${field}: must be an https:// URL`;
  return undefined;
}

/**
 * What is wrong with a completion redirect template, or undefined: an https URL once its
 * placeholders are filled, with only known placeholders, and `{code}` only if the study has a
 * completion code.
 */
export function completionRedirectIssue(template: string, keptParams: readonly string[], hasCode: boolean): string | undefined {
  const issue = redirectIssue('completionRedirect', template, new Set<string>([...REDIRECT_PLACEHOLDERS, ...keptParams]));
  if (issue) return issue;
  if (template.includes('{code}') && !hasCode) return 'completionRedirect: {code} needs a completionCode';
  return undefined;
}

/**
 * What is wrong with the link for a participant who does not agree to the consent (e.g. Prolific's
 * completion URL with the study's "no consent" code written in), or undefined: as a completion
 * redirect, without `{code}` (the completion code is for those who finished).
 */
export function declineRedirectIssue(template: string, keptParams: readonly string[]): string | undefined {
  return redirectIssue('declineRedirect', template, new Set<string>(['participantId', ...keptParams]));
}
