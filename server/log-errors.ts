/**
 * How errors are written to the log: never with what a query carried. A failed database query
 * (drizzle's DrizzleQueryError, pg / PGlite DatabaseError) holds the SQL parameters — a new key's
 * hash and prefix, a webhook secret — in `params`, in its message ("Failed query: … params: …"),
 * in its stack's first line and in the server's `detail` ("Key (key_hash)=(…) already exists").
 * The serializer keeps the error's type, code, constraint, table and the SQL text with its
 * `$n` placeholders, and drops every value.
 */
import type { LoggerOptions } from 'pino';

/** Error properties that can carry query values; never logged. */
const WITHHELD = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'query', 'values']);
/** Properties copied as they are when present (strings and numbers only). */
const KEPT = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'errno', 'syscall', 'status'];

/** A message with any "params: …" tail (drizzle) cut off. */
function scrubMessage(m: string): string {
  const i = m.search(/\n?params: /);
  return i >= 0 ? `${m.slice(0, i)} (parameters withheld)` : m;
}

/**
 * The log form of an error: `{type, message, stack, code?, …, cause?}` without any query
 * parameters or server detail (see above); the cause chain is serialized the same way, 5 deep.
 * Non-errors are returned as they are.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const message = scrubMessage(err.message);
  const stackBody = (err.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message,
    stack: `${err.name}: ${message}${stackBody ? `\n${stackBody}` : ''}`,
  };
  const rec = err as unknown as Record<string, unknown>;
  for (const k of KEPT) if (typeof rec[k] === 'string' || typeof rec[k] === 'number') out[k] = rec[k];
  if (typeof rec.query === 'string') out.sql = rec.query.slice(0, 500);
  for (const k of Object.keys(rec)) if (WITHHELD.has(k)) out.withheld = [...((out.withheld as string[]) ?? []), k];
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** pino options every Scoreline logger uses: the error serializer above for `err` and `error`. */
export const LOG_SERIALIZERS: LoggerOptions['serializers'] = { err: serializeError, error: serializeError };
