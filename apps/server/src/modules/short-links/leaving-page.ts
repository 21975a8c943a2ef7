/**
 * The page an anonymous short link shows instead of redirecting (issue 24 item 10): anyone can
 * make a link on our domain, so following it without a word would be an open redirect that
 * lends our name to a phishing page. The visitor sees the full target and chooses to go on.
 */
import { mailLanguage } from '../../mail/language';

const WORDS = {
  en: {
    title: 'You are leaving this site',
    intro: 'This short link was made by an anonymous visitor, not by us. It leads to:',
    warn: 'Only continue if you trust this address.',
    go: 'Continue to',
  },
  da: {
    title: 'Du er ved at forlade dette websted',
    intro: 'Dette korte link er lavet af en anonym besøgende, ikke af os. Det fører til:',
    warn: 'Fortsæt kun, hvis du stoler på denne adresse.',
    go: 'Fortsæt til',
  },
} as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function leavingPage(url: string, acceptLanguage: string | string[] | undefined): string {
  const language = mailLanguage(acceptLanguage);
  const w = WORDS[language];
  const target = escapeHtml(url);
  const host = escapeHtml(new URL(url).host);
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${w.title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:40rem;line-height:1.5}code{overflow-wrap:anywhere}</style></head>
<body><main><h1>${w.title}</h1><p>${w.intro}</p><p><code>${target}</code></p><p>${w.warn}</p>
<p><a href="${target}" rel="noopener noreferrer nofollow">${w.go} ${host}</a></p></main></body></html>
`;
}
