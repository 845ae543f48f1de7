/**
 * Retry and reconnect delays: exponential backoff with jitter. Pure functions, no I/O and no
 * imports, so the server, the browser code (`browser/live`) and the Node client package
 * (`clients/node`, bundled by tsup) share this one file.
 *
 * The window of attempt n (0-based) is min(maxMs, initialMs · 2^n). Full jitter (AWS Architecture
 * Blog, "Exponential Backoff And Jitter") waits a uniform random delay in [0, window); equal
 * jitter waits in [window/2, window]. All values are milliseconds.
 */

/** Window and floor of a backoff, in ms. Every field is optional; defaults are {@link BACKOFF_DEFAULTS}. */
export interface BackoffOptions {
  /** Window of the first attempt (attempt 0), in ms. Default 500. */
  initialMs?: number;
  /** Largest window, in ms. Default 30 000. */
  maxMs?: number;
  /** Smallest delay returned by {@link backoffDelay}, in ms (so a flapping peer is not hammered). Default 0. */
  minMs?: number;
}

/** Defaults of {@link BackoffOptions}: 500 ms first window, 30 s largest window, no floor. */
export const BACKOFF_DEFAULTS: Readonly<Required<BackoffOptions>> = Object.freeze({
  initialMs: 500,
  maxMs: 30_000,
  minMs: 0,
});

/** The exponent is clamped to [0, 40]: 2^40 · any sane initialMs is far past any sane maxMs. */
const MAX_EXPONENT = 40;

/**
 * Upper bound of the delay of `attempt` (0-based; fractions are floored, negatives count as 0), in
 * ms: min(maxMs, initialMs · 2^attempt), never negative.
 */
export function backoffWindow(attempt: number, opts: BackoffOptions = {}): number {
  const { initialMs = BACKOFF_DEFAULTS.initialMs, maxMs = BACKOFF_DEFAULTS.maxMs } = opts;
  const n = Math.max(0, Math.min(Math.floor(attempt), MAX_EXPONENT));
  return Math.max(0, Math.min(maxMs, initialMs * 2 ** n));
}

/**
 * Delay before attempt `attempt` (0-based), in integer ms, full jitter:
 * max(minMs, floor(random() · backoffWindow(attempt))). `random` returns [0, 1) (default Math.random).
 */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}, random: () => number = Math.random): number {
  const minMs = opts.minMs ?? BACKOFF_DEFAULTS.minMs;
  return Math.max(minMs, Math.floor(random() * backoffWindow(attempt, opts)));
}

/**
 * Delay before attempt `attempt` (0-based), in integer ms, equal jitter:
 * max(minMs, round(w/2 + random() · w/2)) with w = backoffWindow(attempt), i.e. in [w/2, w].
 * For pollers that must not come back at once after a failure. `random` returns [0, 1).
 */
export function equalJitterDelay(
  attempt: number,
  opts: BackoffOptions = {},
  random: () => number = Math.random,
): number {
  const minMs = opts.minMs ?? BACKOFF_DEFAULTS.minMs;
  const w = backoffWindow(attempt, opts);
  return Math.max(minMs, Math.round(w / 2 + (random() * w) / 2));
}
