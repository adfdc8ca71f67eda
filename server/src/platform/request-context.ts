/**
 * The request a piece of work was caused by, carried through its promises (AsyncLocalStorage): a line a service,
 * the intake or the outbox worker logs while a request is handled, or in work the request started (a kicked outbox
 * drain), names the request's id, so an operator follows one webhook or click through every line it caused.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export type RequestContext = { reqId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** The request the current work belongs to, if any. */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Runs `work` as part of the request `reqId` (background work a request hands on, tests). */
export const withRequest = <T>(reqId: string, work: () => T): T => storage.run({ reqId }, work);

/**
 * An incoming X-Request-Id is kept when a proxy or the caller set a safe one (what a log line can carry without
 * escaping, and bounded), so one id follows the request across services; otherwise a new one.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Fastify's `genReqId`. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const given = Array.isArray(header) ? header[0] : header;
  return given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Each request's handling runs inside its context (from onRequest on, so every later hook, the handler and what
 * they start carry it), and the response names the id in X-Request-Id (what an operator asks a user for).
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    storage.run({ reqId: request.id }, done);
  });
}
