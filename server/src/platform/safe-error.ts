/**
 * An error as it may be logged: what it is and where it came from, never the data it carried. A failed query's
 * error is the example: drizzle's `DrizzleQueryError` message is "Failed query: … params: …" (a client's message
 * text, an e-mail address), and the pg / PGlite error under it carries `detail` ("Key (email)=(…) already
 * exists"), `where`, `hint`, and sometimes the query and its parameters again. So the log keeps the class name,
 * the fields that only name things (SQLSTATE code, constraint, table, column, a syscall), the stack frames without
 * the message lines, and the same of its cause.
 */

/** Properties that name a thing or a kind of failure, never a value sent by a person. */
const NAMING_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'responseCode',
  'command',
  'method',
  'error_code',
] as const;

/**
 * Errors whose message the JavaScript engine writes about the code (a property read on undefined, a call of a
 * non-function, an invalid array length), not about the data; every other message may quote what was sent.
 */
const ENGINE_MESSAGES = new Set(['TypeError', 'ReferenceError', 'RangeError']);

const MAX_CAUSES = 3;

export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: error === null ? 'null' : typeof error };
  const type = error.constructor?.name || error.name;
  const safe: Record<string, unknown> = { type };
  if (ENGINE_MESSAGES.has(type)) safe.message = error.message;
  const fields = error as unknown as Record<string, unknown>;
  for (const field of NAMING_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') safe[field] = value;
  }
  // The first lines of a stack repeat the message (a failed query spans several): only the frames are kept.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) safe.stack = frames.join('\n');
  if (error.cause !== undefined && depth < MAX_CAUSES) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}
