/**
 * The one place that tells "the database is not there right now" (restarted, unreachable, refusing connections)
 * from any other failure: such errors are the operator's outage, not a bug of the request, so HTTP answers 503
 * with Retry-After (channels retry their webhooks, the browser shows it is reconnecting) instead of 500.
 */

/** SQLSTATE classes and codes of a server that is going away or not accepting connections. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server was stopped (pg_ctl stop -m fast) or the backend terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);

/** Socket-level failures of the connection to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool's own words for a connection that ended or never came. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated unexpectedly',
  'Query read timeout', // the server did not answer a statement in time (hung, or cut off): see db/client.ts
];

/** How long a caller is told to wait before trying again (seconds, for Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether the error (or any error it wraps: drizzle's query errors carry pg's as `cause`) is a database outage. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) return false;
    // fetch's "fetch failed" wraps the socket error of another service (a channel's API), never the database's.
    if (current instanceof TypeError) return false;
    const code = codeOf(current);
    if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code))) return true;
    if (CONNECTION_MESSAGES.some((m) => current instanceof Error && current.message.startsWith(m))) return true;
    // AggregateError: a host name that resolves to several addresses, each refused.
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = current.cause;
  }
  return false;
}
