/**
 * Source adapters: code that polls (or subscribes to) an upstream feed and turns what it reads
 * into the feed engine's two write commands — fixture upserts (`FeedEngine.importMatches`) and
 * match events (`FeedEngine.ingest`). Adapters do the upstream I/O and the mapping; the runner
 * (server/adapters/runner.ts) does scheduling, back-off, storage and bookkeeping. docs/adapters.md.
 */
import type { SourceEvent } from '@/lib/match/events';
import type { ImportedMatch } from '@/lib/import/types';

/**
 * An adapter's memory between polls (cursors, what was already emitted per match). It must be
 * JSON-serialisable: the runner keeps it in memory and hands every committed version to
 * `onState`, so an operator can persist it across restarts. Adapters must validate what they get
 * back (it may come from disk or be `{}`) and treat anything unreadable as "nothing seen yet".
 */
export type AdapterState = Record<string, unknown>;

/**
 * A fixture an adapter upserts (competition, teams, fixture). It is an ImportedMatch without the
 * parts the runner fills in: `source` (the adapter's name), `status: 'scheduled'`, `result: null`
 * and `events: []` — an adapter reports results and timeline facts as `events`, never here.
 */
export type AdapterFixture = Omit<
  ImportedMatch,
  'source' | 'status' | 'result' | 'events' | 'lineups' | 'odds' | 'stats'
> &
  Partial<Pick<ImportedMatch, 'lineups' | 'odds' | 'stats'>>;

/** One match event for the fixture whose upstream key is `source_key`. */
export interface AdapterEvent {
  /** The fixture's upstream key: the `source_key` of a fixture in this or an earlier batch. */
  source_key: string;
  /** `event.event_id` must be deterministic (derived from upstream identity): re-polls are idempotent. */
  event: SourceEvent;
  /** Wall time the event happened (ISO 8601 UTC); defaults to the time the engine receives it. */
  occurred_at?: string;
}

/** An upstream item the adapter could not use (malformed, unknown team, …): skipped and counted. */
export interface AdapterSkip {
  /** What was skipped, e.g. `PL matches[3]`, `match 435943`. */
  item: string;
  reason: string;
}

/** What one poll produced. The runner commits `state` only after fixtures and events are stored. */
export interface AdapterBatch {
  /** Upserts of competitions/teams/fixtures (by `source_key`); unchanged ones may be repeated. */
  fixtures: AdapterFixture[];
  /** New events, in the order they should be applied. Repeats are harmless (idempotent by event_id). */
  events: AdapterEvent[];
  /** The adapter's state after this poll. */
  state: AdapterState;
  /** Upstream items skipped because they were malformed or unusable. */
  skipped?: AdapterSkip[];
}

export interface PollContext {
  /** The poll's wall time (injected so tests can replay recorded polls at their recorded time). */
  now: Date;
  /**
   * The fetch to use for every upstream request. The runner's fetch adds a per-request timeout
   * and aborts when the runner stops.
   */
  fetch: typeof fetch;
  /** The state returned by the last committed poll (`{}` at first). */
  state: AdapterState;
}

export interface SourceAdapter {
  /** Stable name: the `source` of stored events and of fixture_sources rows, e.g. `football-data-org`. */
  name: string;
  /** Poll interval after a successful poll, in ms. */
  intervalMs: number;
  /**
   * Polls once: fetches upstream and returns commands. Throw on transport failures (network
   * errors, HTTP 5xx, 429 — as {@link AdapterHttpError} with `retryAfterMs` when upstream says
   * when to come back): the runner backs off and retries with the same state. Malformed items
   * must not throw: skip them and report them in `skipped`.
   */
  poll(ctx: PollContext): Promise<AdapterBatch>;
}

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
