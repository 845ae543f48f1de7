/**
 * Wire shape of the operators' feed-health report, GET /v1/ops/health (operator key;
 * docs/operations.md "Feed health"), which the /ops/health page polls. Units are in the names:
 * `_s` seconds, `_ms` milliseconds, `_bytes` bytes, `_at` ISO 8601 UTC with `Z`. Per-minute
 * series cover the last 60 clock minutes, oldest first; their last point is the current, partial minute.
 */
import { z } from 'zod';

const isoUtc = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'ISO 8601 UTC with Z');
const count = z.number().int().nonnegative();
const ms = z.number().nonnegative();

/** One point of a source's per-minute series. */
export const SourceMinuteSchema = z.object({
  /** Start of the clock minute. */
  minute: isoUtc,
  /** Live events received in that minute. */
  events: count,
  /** Backfill events (occurred more than an hour before receipt) received in that minute. */
  backfill: count,
});

/** One feed source (`replay`, `operator`, an adapter's or importer's name). */
export const FeedSourceSchema = z.object({
  name: z.string(),
  /** received_at of its latest event (also events stored before this process started); null if none. */
  last_event_at: isoUtc.nullable(),
  /** Seconds since `last_event_at`; null if none. */
  last_event_age_s: z.number().nonnegative().nullable(),
  events_per_minute: z.object({
    /** Live events received in the trailing 60 seconds. */
    last_1m: count,
    /** Live events per minute averaged over the last 15 minutes (or since the server started, if later). */
    avg_15m: z.number().nonnegative(),
  }),
  series: z.array(SourceMinuteSchema),
  /** Ingest lag (received_at − occurred_at) of live events received in the last 5 minutes, milliseconds; nulls without samples. */
  lag_ms: z.object({ p50: ms.nullable(), p95: ms.nullable(), max: ms.nullable(), samples: count }),
  /** Events that occurred more than an hour before receipt (historical imports): not in the lag nor the live rate. */
  backfill: z.object({ since_start: count, last_hour: count }),
});

/** A live match whose latest event is older than its sport's normal gap. */
export const SilentMatchSchema = z.object({
  fixture_id: z.number().int(),
  sport: z.string(),
  league: z.string(),
  season: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  /** `in_play` or `break` (suspended and delayed matches are silent by declaration and never listed). */
  status: z.string(),
  /** received_at of its latest event; null when it has none. */
  last_event_at: isoUtc.nullable(),
  /** Seconds since `last_event_at` (or since kickoff when it has no event). */
  silent_for_s: z.number().nonnegative(),
  /** Its sport's normal gap for this status, seconds of wall time (divided by REPLAY_SPEED for replayed fixtures). */
  normal_gap_s: z.number().positive(),
  /** True for a replayed fixture. */
  replay: z.boolean(),
});

/** One point of the API per-minute series. */
export const ApiMinuteSchema = z.object({
  minute: isoUtc,
  requests: count,
  /** Responses with status 4xx (499: the client closed first). */
  client_errors: count,
  /** Responses with status ≥ 500. */
  server_errors: count,
});

/**
 * An upstream adapter's — one source's — status (server/adapters/runner-status.ts AdapterStatus,
 * docs/adapters.md "Feed health"); more fields may follow.
 */
export const AdapterHealthSchema = z.looseObject({
  name: z.string(),
  /** Enabled by the configuration (SOURCES or the source's own switch). */
  enabled: z.boolean(),
  running: z.boolean(),
  /** A followed game was in progress at the last poll (the live interval applies). */
  live: z.boolean(),
  /** Poll intervals while no followed game is live and while one is, ms. */
  interval_ms: count,
  live_interval_ms: count,
  games_followed: count,
  last_poll_at: isoUtc.nullable(),
  last_success_at: isoUtc.nullable(),
  next_poll_at: isoUtc.nullable(),
  /** The last response whose body differed from the one before (the upstream changed). */
  last_change_at: isoUtc.nullable(),
  /** The last failure, saying what happened: refused, timed out (connect, headers, body, deadline), DNS, HTTP status, malformed body, budget. */
  last_error: z.string().nullable(),
  last_error_kind: z.string().nullable(),
  consecutive_failures: count,
  /** Requests counted in the current minute window, against the source's budget per minute. */
  requests_last_minute: count,
  request_budget_per_minute: count,
  requests_total: count,
  items_skipped: count,
  /** The last upstream item skipped and why (`<item>: <reason>`, e.g. a box score answering 404), and when. */
  last_skipped: z.string().nullable(),
  last_skipped_at: isoUtc.nullable(),
  events_ingested: count,
  corrections_ingested: count,
  /** Ingest time − the upstream's time of the event (its `occurred_at`), ms: the last stored event's and the largest since start. */
  last_lag_ms: count.nullable(),
  max_lag_ms: count.nullable(),
  /** Odds-only sources (`odds-api`): upstream events that matched no Scoreline fixture at the last poll of their league (never guessed). */
  unmatched_events: count.optional(),
  /** The first 50 of them: the upstream event, its teams and kickoff, and why none matched. */
  unmatched: z
    .array(
      z.object({
        event_id: z.string(),
        sport_key: z.string(),
        commence_time: z.string(),
        home_team: z.string(),
        away_team: z.string(),
        reason: z.string(),
      }),
    )
    .optional(),
  /**
   * A quota-priced source's spending (`odds-api`): credits spent this month (UTC) against its
   * monthly budget, the upstream's own remaining / used figures, and `status` `ok`, `budget_spent`
   * or `exhausted` (no request until `exhausted.until`).
   */
  quota: z
    .looseObject({
      month: z.string(),
      spent: count,
      budget: count,
      remaining: z.number().nullable(),
      used: z.number().nullable(),
      status: z.enum(['ok', 'budget_spent', 'exhausted']),
      exhausted: z.object({ at: isoUtc, message: z.string(), until: isoUtc }).nullable(),
    })
    .nullable()
    .optional(),
  /** What the source's last poll wants an operator to know (a league out of season, the budget spent, an event gone upstream). */
  notes: z.array(z.string()).optional(),
});

/** The feed-health report. */
export const FeedHealthSchema = z.object({
  generated_at: isoUtc,
  /** Seconds since this server process started its services. */
  uptime_s: z.number().nonnegative(),
  sources: z.array(FeedSourceSchema),
  silent_matches: z.array(SilentMatchSchema),
  /** Matches in a live status (in_play, break, suspended, delayed), all sports. */
  live_matches: count,
  websocket: z.object({
    /** Open /v1/ws connections (the dashboard's and API clients'). */
    connections: count,
    /** Subscriptions over those connections. */
    subscriptions: count,
  }),
  webhooks: z.object({
    /** False with WEBHOOKS=off: deliveries wait in the outbox. */
    delivering: z.boolean(),
    endpoints: z.object({ enabled: count, disabled: count }),
    /** Deliveries pending in the outbox (not yet delivered, attempts left). */
    backlog: count,
    /** Delivery attempts in flight now. */
    in_flight: count,
    /** Attempts in the last hour and the share answered 2xx (0–1; null without attempts). */
    last_hour: z.object({ attempts: count, succeeded: count, success_rate: z.number().min(0).max(1).nullable() }),
    /** The latest failed attempt (any time), or null. */
    last_failure: z
      .object({
        at: isoUtc,
        endpoint_id: z.string(),
        status_code: z.number().int().nullable(),
        error: z.string().nullable(),
      })
      .nullable(),
  }),
  api: z.object({
    /** API responses (/v1 and /sandbox/v1) in the trailing 60 seconds. */
    requests_last_1m: count,
    client_errors_last_1m: count,
    server_errors_last_1m: count,
    series: z.array(ApiMinuteSchema),
  }),
  store: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** pg_database_size(current_database()), bytes. */
    size_bytes: count,
    /** Exact row counts. */
    rows: z.object({ match_events: count, fixtures: count, odds_ticks: count }),
    /** When the store figures were measured (they are cached for up to 30 s). */
    measured_at: isoUtc,
  }),
  adapters: z.array(AdapterHealthSchema),
});

export type FeedHealth = z.infer<typeof FeedHealthSchema>;
export type FeedSource = z.infer<typeof FeedSourceSchema>;
export type SilentMatch = z.infer<typeof SilentMatchSchema>;
