/**
 * Reconnect delays for live connections: exponential backoff with full jitter
 * (AWS Architecture Blog, "Exponential Backoff And Jitter"): a uniform random delay in
 * [0, min(maxMs, baseMs · 2^attempt)], never below `minMs` so a flapping server is not hammered.
 */
export interface BackoffOptions {
  /** First window in ms (attempt 0). */
  baseMs?: number;
  /** Largest window in ms. */
  maxMs?: number;
  /** Smallest delay in ms. */
  minMs?: number;
}

/** Delay in ms before reconnect attempt `attempt` (0-based). `random` returns [0, 1). */
export function reconnectDelay(attempt: number, opts: BackoffOptions = {}, random: () => number = Math.random): number {
  const { baseMs = 500, maxMs = 15_000, minMs = 100 } = opts;
  const window = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.max(minMs, Math.floor(random() * window));
}
