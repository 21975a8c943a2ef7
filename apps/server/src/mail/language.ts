/** Which language a mail is written in: the requester's interface language. */
export type MailLanguage = 'en' | 'da';

/**
 * The first tag of Accept-Language decides: `da…` (or the client's own code `dk`) is
 * Danish, anything else English, the product's default and fallback (SPEC §1).
 */
export function mailLanguage(acceptLanguage: string | string[] | undefined): MailLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('da') || first === 'dk' || first.startsWith('dk-') ? 'da' : 'en';
}
