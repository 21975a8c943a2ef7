/**
 * The account mails, in English and Danish: short, plain, one link each. Rendered as a text
 * part and a simple HTML part from the same wording, so the two never disagree.
 */
import type { MailLanguage } from './language';
import type { MailMessage } from './mailer';

export type MailKind =
  | 'activateAccount'
  | 'accountExists'
  | 'resetPassword'
  | 'changeAccountEmail'
  | 'activateNewEmail'
  | 'emailInUse'
  | 'downloadMyData'
  | 'forgetAboutMe';

export interface MailParams {
  readonly name: string;
  /** The mailed link, if the mail has one. */
  readonly link?: string;
  /** Where the product lives (for notices without a link). */
  readonly origin: string;
  readonly newEmail?: string;
}

interface Wording {
  subject: string;
  paragraphs: string[];
  action?: string;
  note: string;
}

type Catalogue = Record<MailKind, (p: MailParams) => Wording>;

const IGNORE_EN = 'If you did not ask for this, you can ignore this mail.';
const IGNORE_DA = 'Hvis du ikke har bedt om dette, kan du se bort fra denne mail.';

const en: Catalogue = {
  activateAccount: () => ({
    subject: 'Activate your account',
    paragraphs: ['Thank you for requesting an account. Open the link below to choose a password and activate it.'],
    action: 'Activate account',
    note: `The link works once and expires in 7 days. ${IGNORE_EN}`,
  }),
  accountExists: (p) => ({
    subject: 'Someone asked for an account with your address',
    paragraphs: [
      'Someone asked for a new account with this e-mail address, but you already have one.',
      `If you have forgotten your password, use "Forgot password" on ${p.origin}.`,
    ],
    note: IGNORE_EN,
  }),
  resetPassword: () => ({
    subject: 'Reset your password',
    paragraphs: ['Open the link below to choose a new password.'],
    action: 'Reset password',
    note: `The link works once and expires in 1 hour. ${IGNORE_EN}`,
  }),
  changeAccountEmail: (p) => ({
    subject: 'Confirm your new e-mail address',
    paragraphs: [`You asked to change the e-mail address of your account to ${p.newEmail ?? ''}. Open the link below to confirm; we then send a last link to the new address.`],
    action: 'Confirm change',
    note: `The link works once and expires in 24 hours. ${IGNORE_EN}`,
  }),
  activateNewEmail: () => ({
    subject: 'Activate your new e-mail address',
    paragraphs: ['Open the link below to start using this address for your account.'],
    action: 'Use this address',
    note: `The link works once and expires in 24 hours. ${IGNORE_EN}`,
  }),
  emailInUse: (p) => ({
    subject: 'Someone asked to use your address',
    paragraphs: [`Someone asked to move another account to this e-mail address, but it already belongs to your account on ${p.origin}. Nothing was changed.`],
    note: IGNORE_EN,
  }),
  downloadMyData: () => ({
    subject: 'Download your data',
    paragraphs: ['Open the link below to download everything we store about you as one file.'],
    action: 'Download my data',
    note: `The link works once and expires in 1 hour. ${IGNORE_EN}`,
  }),
  forgetAboutMe: () => ({
    subject: 'Confirm that we should forget you',
    paragraphs: ['Open the link below to delete your account and your personal data. This cannot be undone.'],
    action: 'Forget about me',
    note: `The link works once and expires in 1 hour. ${IGNORE_EN}`,
  }),
};

const da: Catalogue = {
  activateAccount: () => ({
    subject: 'Aktivér din konto',
    paragraphs: ['Tak for din anmodning om en konto. Åbn linket nedenfor for at vælge en adgangskode og aktivere kontoen.'],
    action: 'Aktivér konto',
    note: `Linket virker én gang og udløber om 7 dage. ${IGNORE_DA}`,
  }),
  accountExists: (p) => ({
    subject: 'Nogen har bedt om en konto med din adresse',
    paragraphs: [
      'Nogen har bedt om en ny konto med denne e-mailadresse, men du har allerede en.',
      `Hvis du har glemt din adgangskode, så brug "Glemt adgangskode" på ${p.origin}.`,
    ],
    note: IGNORE_DA,
  }),
  resetPassword: () => ({
    subject: 'Nulstil din adgangskode',
    paragraphs: ['Åbn linket nedenfor for at vælge en ny adgangskode.'],
    action: 'Nulstil adgangskode',
    note: `Linket virker én gang og udløber om 1 time. ${IGNORE_DA}`,
  }),
  changeAccountEmail: (p) => ({
    subject: 'Bekræft din nye e-mailadresse',
    paragraphs: [`Du har bedt om at ændre din kontos e-mailadresse til ${p.newEmail ?? ''}. Åbn linket nedenfor for at bekræfte; derefter sender vi et sidste link til den nye adresse.`],
    action: 'Bekræft ændring',
    note: `Linket virker én gang og udløber om 24 timer. ${IGNORE_DA}`,
  }),
  activateNewEmail: () => ({
    subject: 'Aktivér din nye e-mailadresse',
    paragraphs: ['Åbn linket nedenfor for at bruge denne adresse til din konto.'],
    action: 'Brug denne adresse',
    note: `Linket virker én gang og udløber om 24 timer. ${IGNORE_DA}`,
  }),
  emailInUse: (p) => ({
    subject: 'Nogen har bedt om at bruge din adresse',
    paragraphs: [`Nogen har bedt om at flytte en anden konto til denne e-mailadresse, men den tilhører allerede din konto på ${p.origin}. Intet er ændret.`],
    note: IGNORE_DA,
  }),
  downloadMyData: () => ({
    subject: 'Hent dine data',
    paragraphs: ['Åbn linket nedenfor for at hente alt, hvad vi gemmer om dig, som én fil.'],
    action: 'Hent mine data',
    note: `Linket virker én gang og udløber om 1 time. ${IGNORE_DA}`,
  }),
  forgetAboutMe: () => ({
    subject: 'Bekræft at vi skal glemme dig',
    paragraphs: ['Åbn linket nedenfor for at slette din konto og dine personlige data. Det kan ikke fortrydes.'],
    action: 'Glem mig',
    note: `Linket virker én gang og udløber om 1 time. ${IGNORE_DA}`,
  }),
};

const GREETING: Record<MailLanguage, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  da: (name) => (name ? `Hej ${name},` : 'Hej,'),
};
const SIGNATURE = 'CHI research framework';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function renderMail(kind: MailKind, language: MailLanguage, to: string, params: MailParams): MailMessage {
  const w = (language === 'da' ? da : en)[kind](params);
  const greeting = GREETING[language](params.name);
  const link = params.link;
  const text = [greeting, '', ...w.paragraphs.flatMap((p) => [p, '']), ...(link ? [link, ''] : []), w.note, '', SIGNATURE, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...w.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link && w.action ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p>`, `<p style="font-size: small">${escapeHtml(link)}</p>`] : []),
    `<p style="color: #555">${escapeHtml(w.note)}</p>`,
    `<p>${SIGNATURE}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: w.subject, text, html };
}
