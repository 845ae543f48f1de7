/**
 * Tells a store outage (PostgreSQL unreachable, connection lost, server shutting down) from every
 * other failure, so the API answers 503 `unavailable` with Retry-After instead of a 500, and logs
 * it without the failed query's text or parameters (docs/security.md: logs never carry secrets).
 */

/** Socket error codes of a lost or refused connection (node:net, node-postgres). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * PostgreSQL SQLSTATEs meaning "the server cannot serve now": class 08 (connection exception),
 * 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres / pg-pool messages of a dead or unobtainable connection. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * True when `err` (or any error in its `cause` chain; drizzle wraps driver errors in a
 * DrizzleQueryError whose `cause` is the driver's error) says the store cannot be reached.
 */
export function isStoreUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** The driver-level reason of an outage for the log: the innermost code and message, never SQL or parameters. */
export function outageReason(err: unknown): { code?: string; message?: string } {
  let found: { code?: string; message?: string } = {};
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof message === 'string' && !message.startsWith('Failed query'))
      found = { code: typeof code === 'string' ? code : found.code, message };
  }
  return found;
}

/** Seconds a client should wait before retrying while the store is unreachable (the Retry-After value). */
export const STORE_RETRY_AFTER_S = 5;
