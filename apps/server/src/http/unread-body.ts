/**
 * A request answered before its body has arrived (refused by a guard, not found, too large)
 * closes its connection after the answer (issue 24): otherwise the client could keep the
 * connection for the whole keep-alive time by never sending the rest.
 * (Injected test requests have no `complete` flag and are left alone.)
 */
import type { FastifyInstance } from 'fastify';

export function registerUnreadBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false && !reply.hasHeader('connection')) reply.header('connection', 'close');
    return payload;
  });
}
