/**
 * The page of a host that names no sub-app, `foo.chi.localhost` (SPEC §8 MODULE_NOT_FOUND;
 * issue 25 item 16, ADR 049): a 404 with a small self-contained page in the visitor's language
 * that names the error and links to the showcase and every app, instead of the showcase itself
 * under a wrong name. The bare domain and plain hosts still show the showcase (DESIGN §5).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_IDS, ERRORS, appOrigin, type Language } from '@chi/contract';

const WORDING: Record<Language, { title: string; lead: (host: string) => string; showcase: string; apps: string }> = {
  en: {
    title: 'No app at this address',
    lead: (host) => `There is no app called “${host}”. Check the address, or go to one of the apps below.`,
    showcase: 'Go to the showcase',
    apps: 'The apps',
  },
  dk: {
    title: 'Ingen app på denne adresse',
    lead: (host) => `Der findes ingen app ved navn “${host}”. Tjek adressen, eller gå til en af appsene herunder.`,
    showcase: 'Gå til showcasen',
    apps: 'Appsene',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The port of a `Host` header, else the protocol's default. */
function portOf(host: string, protocol: string): number {
  const match = /:(\d{1,5})$/.exec(host);
  return match ? Number(match[1]) : protocol === 'https' ? 443 : 80;
}

export function moduleNotFoundHtml(host: string, protocol: string, publicDomain: string, language: Language): string {
  const words = WORDING[language];
  const port = portOf(host, protocol);
  const label = host.replace(/:\d+$/, '').slice(0, -(publicDomain.length + 1));
  // The showcase lives on the bare domain: appOrigin's `showcase.` would be a second name for it.
  const showcase = appOrigin('showcase', publicDomain, port, protocol).replace('//showcase.', '//');
  const apps = APP_IDS.filter((app) => app !== 'showcase')
    .map((app) => `<li><a href="${escapeHtml(appOrigin(app, publicDomain, port, protocol))}">${app}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="${language === 'dk' ? 'da' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(words.title)} · ${ERRORS.moduleNotFound.message}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#212529;line-height:1.5}main{max-width:40rem;margin:0 auto}code{background:#f1f3f5;padding:.1rem .3rem;border-radius:4px}a{color:#364fc7}</style>
</head>
<body>
<main>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.lead(label))}</p>
<p><code>${ERRORS.moduleNotFound.message}</code></p>
<p><a href="${escapeHtml(showcase)}">${escapeHtml(words.showcase)}</a></p>
<h2>${escapeHtml(words.apps)}</h2>
<ul>${apps}</ul>
</main>
</body>
</html>
`;
}

export function sendModuleNotFound(request: FastifyRequest, reply: FastifyReply, publicDomain: string, language: Language): FastifyReply {
  const html = moduleNotFoundHtml(request.host.toLowerCase().replace(/\.(?=:|$)/, ''), request.protocol, publicDomain, language);
  return reply.code(ERRORS.moduleNotFound.code).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').send(html);
}
