/** JSON request bodies, with Fastify's prototype-poisoning protection kept. */
import type { FastifyInstance } from 'fastify';

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A client may send the JSON content type with no payload (e.g. logout). Treating that
    // as "no input" lets the descriptor's schema decide, instead of a generic parser error.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
