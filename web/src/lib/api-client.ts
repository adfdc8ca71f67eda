/**
 * The one way the web talks to the server: same origin, `/api` prefix, cookie session, JSON both ways.
 * Failures become an {@link ApiError} carrying the HTTP status and the server's `{ message }`. Every outcome
 * tells the connection monitor whether the server is reachable (the "reconnecting" banner, lib/connection.ts).
 */
import { connection } from './connection';
import { serverErrorText } from './server-errors';

/**
 * The zod surface we need; a structural type keeps `zod` an indirect dependency through the contract. The parse may
 * be asynchronous: lib/schemas.ts's parsers load the contract's schemas on first use.
 */
export interface Parser<T> {
  parse(data: unknown): T | Promise<T>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's own message when it sent one (an empty string otherwise). */
  get serverMessage(): string {
    const body = this.body;
    if (body && typeof body === 'object' && 'message' in body) {
      const message = (body as { message: unknown }).message;
      if (typeof message === 'string') return message;
      if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join('\n');
    }
    return '';
  }
}

/** Status 0 stands for "no response": the network failed or the request was aborted. */
export const NETWORK_ERROR_STATUS = 0;
/**
 * The server cannot serve now: 503 from KreeChat itself (its database away, or it is stopping), 502 and 504 from a
 * reverse proxy in front of it (no process answered). The caller may retry.
 */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** A 2xx answer whose body does not match the contract. */
export const BAD_RESPONSE_STATUS = -1;

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isUnauthorized = (error: unknown): boolean => isApiError(error) && error.status === 401;

/**
 * What to tell the person about a failed call: the server's coded error in their language, else the server's own
 * message, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return serverErrorText(error.body) ?? (error.serverMessage || fallback);
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Guarded screens register a handler so that a 401 from any call ends the session view (SPEC §4). Returns the
 * function that removes it. Public screens (login) register none, so their 401s stay ordinary errors.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

interface RequestOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A multipart body (uploads); the browser sets its Content-Type with the boundary. */
  form?: FormData;
  schema?: Parser<T>;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method, schema, signal, form } = options;
  // The server requires a JSON or multipart body on every state-changing call (ARCHITECTURE §6), so an empty
  // one is `{}`.
  const body = method === 'GET' ? undefined : (form ?? JSON.stringify(options.body ?? {}));
  const headers: Record<string, string> = form
    ? { Accept: 'application/json' }
    : { 'Content-Type': 'application/json', Accept: 'application/json' };
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, credentials: 'include', headers, body, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    connection.reportApi(false);
    throw new ApiError(NETWORK_ERROR_STATUS, 'No response received from server.');
  }
  // Any other answer, a 4xx or a 500 too, means the server is there.
  connection.reportApi(!UNAVAILABLE_STATUSES.has(response.status));

  const data = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText || 'Request failed', data);
    const message = error.serverMessage;
    const finalError = message ? new ApiError(response.status, message, data) : error;
    if (response.status === 401) unauthorizedHandler?.();
    throw finalError;
  }
  if (!schema) return data as T;
  try {
    return await schema.parse(data);
  } catch (cause) {
    // The schemas could not be fetched (lib/schemas.ts): no answer to check, not a wrong one.
    if (isApiError(cause)) throw cause;
    console.error(`Unexpected response from ${method} /api${path}`, cause);
    throw new ApiError(BAD_RESPONSE_STATUS, 'Unexpected response from server.', data);
  }
}

export const api = {
  get: <T = unknown>(path: string, schema?: Parser<T>, signal?: AbortSignal) =>
    request<T>(path, { method: 'GET', schema, signal }),
  post: <T = unknown>(path: string, body?: unknown, schema?: Parser<T>) =>
    request<T>(path, { method: 'POST', body, schema }),
  put: <T = unknown>(path: string, body?: unknown, schema?: Parser<T>) =>
    request<T>(path, { method: 'PUT', body, schema }),
  delete: <T = unknown>(path: string, schema?: Parser<T>) => request<T>(path, { method: 'DELETE', schema }),
  /** POST a multipart form (file uploads). */
  upload: <T = unknown>(path: string, form: FormData, schema?: Parser<T>) =>
    request<T>(path, { method: 'POST', form, schema }),
};
