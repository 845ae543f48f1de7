/**
 * Retry timing for webhook deliveries: the Standard Webhooks recommended schedule and jittered
 * delays (a configured schedule is parsed by server/config-webhooks.ts parseSchedule). Retry-After
 * (RFC 9110 §10.2.3) is read by the shared lib/http/retry-after.ts (send.ts).
 */

/**
 * Standard Webhooks' recommended retry schedule in seconds: immediately, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h. Entry i is the delay before attempt i+1; total attempts = schedule length.
 */
export const DEFAULT_RETRY_SCHEDULE_S: number[] = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

/** Longest delay a Retry-After header can impose: 24 h, in ms. */
export const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/**
 * Delay in ms before the next attempt after `attemptsMade` failed attempts, or null when the
 * schedule is exhausted (attemptsMade >= schedule.length). Base = schedule[attemptsMade] s with
 * ±20 % jitter (base × (0.8 + 0.4 × rng())); a Retry-After (`retryAfterMs`, capped at 24 h)
 * lengthens it: max(jittered, retryAfter). Integer ms.
 */
export function nextDelayMs(
  attemptsMade: number,
  schedule: readonly number[],
  retryAfterMs: number | null,
  rng: () => number = Math.random,
): number | null {
  const i = Math.max(0, Math.floor(attemptsMade));
  if (i >= schedule.length) return null;
  const jittered = schedule[i] * 1000 * (0.8 + 0.4 * rng());
  const delay = retryAfterMs == null ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  return Math.round(delay);
}
