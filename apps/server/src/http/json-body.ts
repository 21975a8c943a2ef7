/** JSON request bodies, with Fastify's prototype-poisoning protection kept. */
import type { FastifyInstance } from 'fastify';
import { validationError } from './app-error';

/** No call nests its input this deep; deeper bodies would only exhaust the stack of a recursive check (issue 24). */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` opens more than `max` arrays or objects at once; one linear pass, brackets in strings skipped. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth -= 1;
  }
  return false;
}

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
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(validationError(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
