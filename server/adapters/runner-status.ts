/**
 * Bookkeeping of server/adapters/runner.ts: the feed-health record of an adapter, the report of
 * one poll, and the back-off after failures (exponential with jitter, honouring Retry-After).
 * docs/adapters.md.
 */
import type { Logger } from 'pino';
import { equalJitterDelay } from '@/lib/http/backoff';
import type { UpstreamStats } from './kit/http-client';
import { UpstreamError } from './kit/upstream-error';
import { AdapterHttpError, type SourceAdapter } from './types';

/** What the feed-health page shows for one adapter (one source). Times are ISO 8601 UTC. */
export interface AdapterStatus extends UpstreamStats {
  name: string;
  /** Enabled by the configuration (SOURCES, or the source's own switch): every running adapter is. */
  enabled: boolean;
  running: boolean;
  /** Interval between polls while no followed game is live (ms). */
  interval_ms: number;
  /** Interval while a followed game is live (ms). */
  live_interval_ms: number;
  /** The last poll saw a followed game in progress. */
  live: boolean;
  /** Games the last successful poll followed. */
  games_followed: number;
  /** Kind of the last failure (server/adapters/kit/upstream-error.ts: refused, timeout, dns, http, malformed, budget, network), `other` for the rest. */
  last_error_kind: string | null;
  last_poll_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  consecutive_failures: number;
  next_poll_at: string | null;
  /** Events stored (new) since start. */
  events_ingested: number;
  /** Events the engine already had (re-polls). */
  events_duplicate: number;
  /** Events the engine refused (rule errors). */
  events_rejected: number;
  /** Malformed or unusable upstream items skipped (adapter and runner). */
  items_skipped: number;
  /** The last item skipped and why, e.g. `game 744914 feed/live: malformed JSON …`; null before one. */
  last_skipped: string | null;
  last_skipped_at: string | null;
  /** Fixtures created or updated. */
  fixtures_upserted: number;
  /** Corrections (amend / retract) stored since start. */
  corrections_ingested: number;
  /** Odds ticks stored since start. */
  ticks_ingested: number;
  /** Lag of the last stored event: ingest time − its upstream time (`occurred_at`), ms; null before one. */
  last_lag_ms: number | null;
  /** Largest such lag since start, ms. */
  max_lag_ms: number | null;
}

/** The outcome of one poll. `delayMs`: wait before the next poll. */
export interface PollReport {
  ok: boolean;
  fixtures: number;
  stored: number;
  duplicates: number;
  rejected: number;
  skipped: number;
  /** The last item skipped in this poll and why (`<item>: <reason>`). */
  lastSkip?: string;
  /** Odds ticks stored. */
  ticks: number;
  delayMs: number;
  error?: string;
}

/** Back-off after failures: `baseMs · 2^(n−1)`, capped at `maxMs`, with jitter. Defaults 5 s, 5 min. */
export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  random?: () => number;
}

/** The longest Retry-After the runner honours (longer asks are capped). */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** The health record of an adapter that has not polled yet. */
export function initialStatus(adapter: SourceAdapter): AdapterStatus {
  return {
    name: adapter.name,
    enabled: true,
    running: false,
    interval_ms: adapter.intervalMs,
    live_interval_ms: adapter.liveIntervalMs ?? adapter.intervalMs,
    live: false,
    games_followed: 0,
    last_error_kind: null,
    last_poll_at: null,
    last_success_at: null,
    last_error: null,
    last_error_at: null,
    consecutive_failures: 0,
    next_poll_at: null,
    events_ingested: 0,
    events_duplicate: 0,
    events_rejected: 0,
    items_skipped: 0,
    last_skipped: null,
    last_skipped_at: null,
    fixtures_upserted: 0,
    corrections_ingested: 0,
    ticks_ingested: 0,
    last_lag_ms: null,
    max_lag_ms: null,
    requests_total: 0,
    requests_last_minute: 0,
    request_budget_per_minute: adapter.requestsPerMinute ?? 60,
    bytes_total: 0,
    not_modified_total: 0,
    last_request_at: null,
    last_change_at: null,
  };
}

/** An error as one line for the status and the logs (the message alone for plain and HTTP errors). */
export function describeError(err: unknown): string {
  if (err instanceof Error)
    return err.name === 'Error' || err.name === 'AdapterHttpError' || err.name === 'UpstreamError'
      ? err.message
      : `${err.name}: ${err.message}`;
  return String(err);
}

/**
 * The wait after `failures` consecutive failures, in ms: `base · 2^(n−1)` capped at max, jittered to
 * [½, 1] of that (equal jitter, lib/http/backoff.ts); at least Retry-After (capped at 1 h).
 */
export function backoffDelay(
  backoff: BackoffOptions | undefined,
  failures: number,
  retryAfterMs: number | null,
): number {
  const base = backoff?.baseMs ?? 5_000;
  const max = backoff?.maxMs ?? 300_000;
  const random = backoff?.random ?? Math.random;
  const jittered = equalJitterDelay(Math.max(1, failures) - 1, { initialMs: base, maxMs: max }, random);
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

/** Records a failed poll in `stats` and logs it; returns the back-off delay. */
export function recordFailure(
  stats: AdapterStatus,
  log: Logger,
  backoff: BackoffOptions | undefined,
  err: unknown,
): number {
  stats.consecutive_failures += 1;
  stats.last_error = describeError(err);
  stats.last_error_kind = err instanceof UpstreamError ? err.kind : err instanceof AdapterHttpError ? 'http' : 'other';
  stats.last_error_at = new Date().toISOString();
  const retryAfter = err instanceof AdapterHttpError ? err.retryAfterMs : null;
  const delay = backoffDelay(backoff, stats.consecutive_failures, retryAfter);
  log.warn(
    {
      err: describeError(err),
      status: err instanceof AdapterHttpError ? err.status : undefined,
      failures: stats.consecutive_failures,
      retry_in_ms: delay,
    },
    err instanceof AdapterHttpError && err.status === 429
      ? 'upstream rate limit; backing off'
      : 'adapter poll failed; backing off',
  );
  return delay;
}
