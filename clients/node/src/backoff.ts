/**
 * Retry delays: exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff
 * And Jitter") and `Retry-After` parsing (RFC 9110 §10.2.3). Pure functions: no I/O.
 */

/** Backoff window in ms: attempt n waits a uniform random delay in [0, min(maxMs, initialMs · 2^n)]. */
export interface BackoffOptions {
  /** Window of the first retry (attempt 0), in ms. Default 500. */
  initialMs?: number;
  /** Largest window, in ms. Default 30 000. */
  maxMs?: number;
}

/** Upper bound of the delay of `attempt` (0-based), in ms: min(maxMs, initialMs · 2^attempt). */
export function backoffWindow(attempt: number, opts: BackoffOptions = {}): number {
  const { initialMs = 500, maxMs = 30_000 } = opts;
  const n = Math.max(0, Math.min(Math.floor(attempt), 40));
  return Math.max(0, Math.min(maxMs, initialMs * 2 ** n));
}

/** Delay before retry `attempt` (0-based), in ms, full jitter: floor(random() · window). `random` returns [0, 1). */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}, random: () => number = Math.random): number {
  return Math.floor(random() * backoffWindow(attempt, opts));
}

/**
 * A `Retry-After` header value (delay-seconds or an HTTP-date) as ms from `nowMs`, capped at
 * `capMs` (default 60 000 = 60 s). Returns null when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, capMs = 60_000, nowMs = Date.now()): number | null {
  if (value == null) return null;
  const v = value.trim();
  if (v === '') return null;
  let ms: number;
  if (/^\d+$/.test(v)) ms = Number(v) * 1000;
  else {
    if (!/^[A-Za-z]{3}, /.test(v)) return null; // an IMF-fixdate starts with the day name
    const at = Date.parse(v);
    if (Number.isNaN(at)) return null;
    ms = at - nowMs;
  }
  return Math.min(capMs, Math.max(0, ms));
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
