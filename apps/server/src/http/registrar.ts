/**
 * The one generic registrar: every API route is a contract descriptor plus a typed handler.
 * Path, input parsing, validation, permissions and output shaping happen here, once, so a
 * module only writes what its call does:
 *
 *   registerHandler(app, system.health, async () => ({ status: 'ok', ... }));
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, ALL_DESCRIPTORS, CONTRACT_HEADER, ERRORS, derivePermissionLevel, isAllowed } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import type { z } from 'zod';
import { AppError, validationError } from './app-error';
import { serverContractFingerprint } from './contract-fingerprint';
import { hasXhrHeader } from './xhr-guard';
import { formatZodError } from './zod-issues';

export interface HandlerContext {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The `:id` path segment, for descriptors declared `withId`. */
  readonly id?: string;
}

/**
 * The handler a descriptor needs: it receives the validated input and returns what the
 * output schema accepts. Computed from the descriptor type (not from separate type
 * parameters) so literal results such as `status: 'ok'` are checked without `as const`.
 */
export type HandlerFor<D> =
  D extends ApiDescriptor<infer I, infer O> ? (input: z.output<I>, ctx: HandlerContext) => Promise<z.input<O>> : never;

/** The same handler seen from inside the registrar, where the descriptor's types are erased. */
type ErasedHandler = (input: unknown, ctx: HandlerContext) => Promise<unknown>;

// Keyed by the underlying HTTP server, which every encapsulated child instance shares, so
// routes registered inside plugins are still seen by `missingHandlers`.
const registries = new WeakMap<object, Set<ApiDescriptor>>();

function registryOf(app: FastifyInstance): Set<ApiDescriptor> {
  let registry = registries.get(app.server);
  if (!registry) {
    registry = new Set();
    registries.set(app.server, registry);
  }
  return registry;
}

export function registerHandler<D extends ApiDescriptor>(app: FastifyInstance, descriptor: D, handler: HandlerFor<D>): void {
  const run = handler as ErasedHandler;
  const registry = registryOf(app);
  if (registry.has(descriptor)) throw new Error(`${descriptor.name} already has a handler`);
  registry.add(descriptor);
  const inputSource = descriptor.method === 'GET' ? 'query' : 'body';

  app.route({
    method: descriptor.method,
    url: API_BASE + descriptor.path,
    handler: async (request, reply) => {
      // The global XHR guard covers every non-GET call; this also honours a descriptor that
      // declares itself state-changing whatever its method.
      if (descriptor.stateChanging && !hasXhrHeader(request)) throw new AppError(ERRORS.forbidden);
      // Permissions before validation: an anonymous caller learns nothing about the input.
      const level = derivePermissionLevel(request.user);
      if (!isAllowed(level, descriptor.access)) {
        throw new AppError(level === 0 ? ERRORS.unauthorized : ERRORS.forbidden);
      }

      const raw: unknown = inputSource === 'query' ? request.query : request.body;
      const parsed = descriptor.input.safeParse(raw ?? {});
      if (!parsed.success) throw validationError(formatZodError(parsed.error, inputSource));

      let id: string | undefined;
      if (descriptor.withId) {
        id = (request.params as { id?: string }).id;
        if (id === undefined || id === '') throw validationError('id: Missing required parameter');
      }

      const result = await run(parsed.data, { request, reply, ...(id !== undefined ? { id } : {}) });
      // A handler that answered by itself (a download, a stream) is left alone.
      if (reply.sent) return reply;
      // Parsing the output strips fields the contract does not promise (never leak extras);
      // a mismatch is our bug, so it is a 500 with the details in the log, not a 400.
      const output = descriptor.output.safeParse(result);
      if (!output.success) {
        throw new Error(`${descriptor.name} returned output outside its schema: ${formatZodError(output.error, 'output')}`);
      }
      // Which contract this answer keeps: a page built from another one can tell it is out of date.
      reply.header(CONTRACT_HEADER, serverContractFingerprint());
      return output.data;
    },
  });
}

/** Descriptors of the contract that no module has registered a handler for. */
export function missingHandlers(
  app: FastifyInstance,
  descriptors: readonly ApiDescriptor[] = ALL_DESCRIPTORS,
): ApiDescriptor[] {
  const registry = registryOf(app);
  return descriptors.filter((descriptor) => !registry.has(descriptor));
}
