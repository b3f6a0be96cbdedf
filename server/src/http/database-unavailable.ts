/**
 * Failures that mean "the database cannot be reached right now", not "this request is wrong": the connection was
 * refused, reset or closed, the server is shutting down or refuses new connections, no connection came within the
 * connect timeout, or a statement ran past statement_timeout. The API answers them 503 with Retry-After, and the
 * pool reconnects by itself once the database is back.
 */

/** SQLSTATE classes and codes of that kind: connection exceptions (08), operator intervention (57P0x), cancels. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-4]|57014|53300)$/;
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres reports these with a message only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
];

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; AggregateError (connect to several addresses) in `errors`.
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code))) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.some((text) => current instanceof Error && current.message.includes(text))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = current.cause;
  }
  return false;
}
