/** HTTP plumbing shared by every route: the error handler, the same-origin rule and body-type rule. */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_ERRORS, serverErrorCode, WIDGET_BASE } from '@kreechat/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { AppError, ForbiddenError, TooManyRequestsError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The message of the first failing field, as the schema words it: the web shows it to the person as it is. */
function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) return error.validation[0]?.message ?? 'Invalid request';
  return error.message;
}

/**
 * An error answer: the English message stays as it is (SPEC §8), and a catalogued one gets its code beside it for
 * the web to translate. A code the thrower put in `extra` (a quota's, a delivery's, a built message's) is kept.
 */
function errorBody(message: string, extra?: Record<string, unknown>): Record<string, unknown> {
  const code = serverErrorCode(message);
  return { message, ...(code && { code }), ...extra };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.message, error.extra));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody(validationMessage(error)));
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarted or unreachable: the caller's to retry, not a bug. A channel's webhook delivers the
      // update again after Retry-After; the browser shows that it is reconnecting.
      // Never the error itself at this level: a failed query's text carries its parameters (message text).
      const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
      request.log.warn({ code }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody(SERVER_ERRORS.databaseUnavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large, rate limit.
      return reply.status(status).send(errorBody(error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(SERVER_ERRORS.internal));
  });
}

/**
 * A state-changing request from a browser must come from our own origin (the Host it was sent to, or PUBLIC_URL).
 * Requests without an Origin header come from non-browser clients (webhooks, curl) and are not cross-site.
 */
export function registerSameOriginRule(app: FastifyInstance, publicUrl: string | undefined) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // The WordPress widget's API is cross-origin by design: it carries a bearer, never a cookie, and answers only
    // its session's site (channels/wordpress/widget.routes.ts), so a foreign page has nothing to ride on.
    if (request.url.startsWith(WIDGET_BASE + '/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (!isOwnOrigin(origin, request, publicOrigin)) throw new ForbiddenError('Cross-site request refused');
  });
}

/**
 * The same-origin rule, for HTTP and the WebSocket handshake alike: a browser's `Origin` must be the origin the
 * request was sent to (as the client saw it, through a trusted proxy) or PUBLIC_URL's.
 */
export function isOwnOrigin(
  origin: string,
  requested: { protocol: string; host: string },
  publicOrigin: string | undefined,
): boolean {
  return origin === `${requested.protocol}://${requested.host}` || origin === publicOrigin;
}

/** Only JSON and multipart bodies are parsed: the form and text types a cross-site form can send answer 415. */
export function restrictBodyTypes(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
}
