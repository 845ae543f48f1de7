/**
 * Retry delays: exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff
 * And Jitter") and `Retry-After` parsing (RFC 9110 §10.2.3), with the client's defaults. Pure
 * functions: no I/O. The arithmetic lives in the repository's shared helpers (lib/http/backoff.ts,
 * lib/http/retry-after.ts), which tsup bundles into dist/: the published package has no import
 * outside itself.
 */
import { backoffDelay as fullJitterDelay, backoffWindow as sharedBackoffWindow } from '../../../lib/http/backoff';
import { parseRetryAfter as sharedParseRetryAfter } from '../../../lib/http/retry-after';

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
  return sharedBackoffWindow(attempt, { initialMs, maxMs });
}

/** Delay before retry `attempt` (0-based), in ms, full jitter: floor(random() · window). `random` returns [0, 1). */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}, random: () => number = Math.random): number {
  const { initialMs = 500, maxMs = 30_000 } = opts;
  return fullJitterDelay(attempt, { initialMs, maxMs, minMs: 0 }, random);
}

/**
 * A `Retry-After` header value (delay-seconds or an HTTP-date in one of RFC 9110's three forms) as
 * ms from `nowMs`, capped at `capMs` (default 60 000 = 60 s). Returns null when absent or
 * unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, capMs = 60_000, nowMs = Date.now()): number | null {
  return sharedParseRetryAfter(value, { maxMs: capMs, nowMs });
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
