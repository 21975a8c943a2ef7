/**
 * The one place that turns failures into answers: every error body is
 * `{ "Error": { name, message, code } }` with the SPEC §8 status and message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, TOO_MANY_REQUESTS, VALIDATION_ERROR_NAME, errorBody, errorForStatus } from '@chi/contract';
import type { ErrorInfo } from '@chi/contract';
import { z } from 'zod';
import { isApiPath } from './api-paths';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from './app-error';
import { formatZodError } from './zod-issues';

/** Answers a browser GET/HEAD outside the API that no route matched (the web client's job). */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

interface HttpishError {
  code?: unknown;
  statusCode?: unknown;
  status?: unknown;
  expose?: unknown;
  message?: unknown;
}

function statusOf(error: HttpishError): number | undefined {
  const status = typeof error.statusCode === 'number' ? error.statusCode : error.status;
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The answer for an error; anything not recognised is a 500 whose details stay in the log. */
export function errorInfoFor(error: unknown, bodyLimit: number): ErrorInfo {
  if (error instanceof AppError) return error.info;
  if (error instanceof z.core.$ZodError) {
    return { name: VALIDATION_ERROR_NAME, message: formatZodError(error, 'input'), code: 400 };
  }
  if (typeof error !== 'object' || error === null) return ERRORS.serverError;
  // A database restarting or out of reach: the client is to come back shortly (ADR 067).
  if (isDatabaseUnavailable(error)) return ERRORS.unavailable;
  const e = error as HttpishError;
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { name: VALIDATION_ERROR_NAME, message: 'body: The request body is not valid JSON.', code: 400 };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        name: 'Payload Too Large',
        message: `The request body is too large: the limit is ${formatBytes(bodyLimit)}.`,
        code: 413,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { name: 'Unsupported Media Type', message: 'The request body must be JSON (Content-Type: application/json).', code: 415 };
  }
  const status = statusOf(e);
  if (status === 429) return TOO_MANY_REQUESTS;
  if (status !== undefined && status >= 400 && status < 500) {
    // Fastify's own 4xx errors and http-errors marked `expose` are written for clients;
    // any other library's message might reveal internals, so it is replaced.
    const exposable = (typeof e.code === 'string' && e.code.startsWith('FST_')) || e.expose === true;
    const message = exposable && typeof e.message === 'string' ? e.message : 'The request could not be processed.';
    return errorForStatus(status) ?? { name: 'Bad Request', message, code: status };
  }
  if (status === 503) return ERRORS.unavailable;
  return ERRORS.serverError;
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, bodyLimit: number): FastifyReply {
  const info = errorInfoFor(error, bodyLimit);
  if (info.code >= 500) request.log.error({ err: error }, 'request failed');
  if (error instanceof AppError && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  else if (info.code === 503 && isDatabaseUnavailable(error)) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return reply.code(info.code).type('application/json; charset=utf-8').send(errorBody(info));
}

/**
 * For Fastify's `frameworkErrors` option: errors raised before routing (a malformed URL)
 * skip setErrorHandler, and would otherwise get Fastify's own body shape.
 */
export function handleFrameworkError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(error, request, reply, 0);
}

export function registerErrorHandling(app: FastifyInstance, pageFallback: PageFallback): void {
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, bodyLimit));

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (isPageRequest) return pageFallback(request, reply);
    // Unknown actions and known actions called with the wrong method look the same to a client.
    return reply.code(404).type('application/json; charset=utf-8').send(errorBody(ERRORS.notFound));
  });
}
