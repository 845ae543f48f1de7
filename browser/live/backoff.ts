/**
 * Reconnect delays for live connections: exponential backoff with full jitter from the shared
 * helper (lib/http/backoff.ts), with the pages' defaults: a uniform random delay in
 * [0, min(maxMs, baseMs · 2^attempt)], never below `minMs` so a flapping server is not hammered.
 */
import { backoffDelay } from '@/lib/http/backoff';

export interface BackoffOptions {
  /** First window in ms (attempt 0). Default 500. */
  baseMs?: number;
  /** Largest window in ms. Default 15 000. */
  maxMs?: number;
  /** Smallest delay in ms. Default 100. */
  minMs?: number;
}

/** Delay in ms before reconnect attempt `attempt` (0-based). `random` returns [0, 1). */
export function reconnectDelay(attempt: number, opts: BackoffOptions = {}, random: () => number = Math.random): number {
  const { baseMs = 500, maxMs = 15_000, minMs = 100 } = opts;
  return backoffDelay(attempt, { initialMs: baseMs, maxMs, minMs }, random);
}
