/**
 * Classified upstream failures of the adapter kit's HTTP client (server/adapters/kit/http-client.ts):
 * every failed request becomes one UpstreamError whose `kind` says what went wrong — refused,
 * timed out (and in which phase), DNS, HTTP status, malformed body, request budget spent — so
 * /v1/ops/health's `last_error` says which instead of undici's "fetch failed". docs/adapters.md.
 */

/** An upstream HTTP failure. `retryAfterMs` is the wait upstream asked for (Retry-After), if any. */
export class AdapterHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'AdapterHttpError';
  }
}

/** What went wrong with an upstream request. */
export type UpstreamErrorKind = 'refused' | 'timeout' | 'dns' | 'http' | 'malformed' | 'budget' | 'network' | 'stopped';

/** Where a request was when it timed out: connecting, waiting for the headers, reading the body, or past the overall deadline. */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'deadline';

/**
 * An upstream request that failed. `status` is the HTTP status for `http` (0 otherwise);
 * `retryAfterMs` is the wait the upstream asked for (Retry-After) or, for `budget`, the time until
 * the source's per-minute budget has room again. It is an AdapterHttpError, so the runner backs
 * off honouring `retryAfterMs`.
 */
export class UpstreamError extends AdapterHttpError {
  constructor(
    message: string,
    readonly kind: UpstreamErrorKind,
    status = 0,
    retryAfterMs: number | null = null,
    readonly phase: TimeoutPhase | null = null,
    /** For `http`: the response's JSON error body when it had one (e.g. The Odds API's `{message, error_code}`), else undefined. */
    readonly body?: unknown,
  ) {
    super(message, status, retryAfterMs);
    this.name = 'UpstreamError';
  }
}

/** undici / Node error codes → kind and phase. */
const CODES: Record<string, { kind: UpstreamErrorKind; phase?: TimeoutPhase; text: string }> = {
  UND_ERR_CONNECT_TIMEOUT: { kind: 'timeout', phase: 'connect', text: 'timed out connecting' },
  ETIMEDOUT: { kind: 'timeout', phase: 'connect', text: 'timed out connecting' },
  UND_ERR_HEADERS_TIMEOUT: { kind: 'timeout', phase: 'headers', text: 'timed out waiting for the response headers' },
  UND_ERR_BODY_TIMEOUT: { kind: 'timeout', phase: 'body', text: 'timed out reading the response body' },
  ECONNREFUSED: { kind: 'refused', text: 'connection refused' },
  ENOTFOUND: { kind: 'dns', text: 'host not found (DNS)' },
  EAI_AGAIN: { kind: 'dns', text: 'DNS lookup failed (temporary)' },
  ECONNRESET: { kind: 'network', text: 'connection reset' },
  EPIPE: { kind: 'network', text: 'connection closed while sending' },
  UND_ERR_SOCKET: { kind: 'network', text: 'connection closed by the upstream' },
  EHOSTUNREACH: { kind: 'network', text: 'host unreachable' },
  ENETUNREACH: { kind: 'network', text: 'network unreachable' },
};

/** The error code of `err` or of its cause chain (undici wraps socket errors). */
function codeOf(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in CODES) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The UpstreamError for a transport failure of `what` (e.g. `nhl GET /v1/score/2025-04-22`).
 * `deadline` is the reason of the client's own overall deadline when it fired (then the phase is
 * where the request was); an UpstreamError passes through unchanged.
 */
export function classifyTransportError(
  what: string,
  err: unknown,
  opts: { phase: 'connect' | 'headers' | 'body'; deadlineMs: number | null; stopped: boolean },
): UpstreamError {
  if (err instanceof UpstreamError) return err;
  if (opts.stopped) return new UpstreamError(`${what}: stopped`, 'stopped');
  if (opts.deadlineMs != null)
    return new UpstreamError(
      `${what}: timed out after ${opts.deadlineMs} ms (overall deadline, while ${opts.phase === 'body' ? 'reading the body' : opts.phase === 'headers' ? 'waiting for the response headers' : 'connecting'})`,
      'timeout',
      0,
      null,
      'deadline',
    );
  const code = codeOf(err);
  if (code) {
    const c = CODES[code];
    return new UpstreamError(`${what}: ${c.text} (${code})`, c.kind, 0, null, c.phase ?? null);
  }
  const msg = err instanceof Error ? err.message : String(err);
  return new UpstreamError(`${what}: network error: ${msg}`, 'network');
}
