/** The sign-up mail (a CCF session or a creative-visions event, ADR 034), in English and Danish, as text and simple HTML from one wording. */
import type { MailLanguage } from '../../mail/language';
import type { MailMessage } from '../../mail/mailer';

interface SignUpParams {
  readonly name: string;
  readonly title: string;
  readonly link: string;
  readonly userId: string;
}

const WORDING: Record<MailLanguage, (p: SignUpParams) => { subject: string; greeting: string; paragraphs: string[]; action: string; note: string }> = {
  en: (p) => ({
    subject: `Your link to the session "${p.title}"`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `Thank you for signing up for the session "${p.title}". Open the link below to begin; you can come back to it with the same link until the session closes.`,
      `Your user id is ${p.userId}.`,
    ],
    action: 'Begin the session',
    note: 'The link is personal: please do not share it. If you did not sign up, you can ignore this mail.',
  }),
  da: (p) => ({
    subject: `Dit link til sessionen "${p.title}"`,
    greeting: `Hej ${p.name},`,
    paragraphs: [
      `Tak fordi du har tilmeldt dig sessionen "${p.title}". Åbn linket nedenfor for at begynde; du kan vende tilbage med det samme link, indtil sessionen lukker.`,
      `Dit bruger-id er ${p.userId}.`,
    ],
    action: 'Begynd sessionen',
    note: 'Linket er personligt: del det ikke. Hvis du ikke har tilmeldt dig, kan du se bort fra denne mail.',
  }),
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function renderSignUpMail(language: MailLanguage, to: string, params: SignUpParams): MailMessage {
  const w = WORDING[language](params);
  const text = [w.greeting, '', ...w.paragraphs.flatMap((p) => [p, '']), params.link, '', w.note, '', 'CHI research framework', ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(w.greeting)}</p>`,
    ...w.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(params.link)}">${escapeHtml(w.action)}</a></p>`,
    `<p style="color: #555">${escapeHtml(w.note)}</p>`,
    '<p>CHI research framework</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: w.subject, text, html };
}
