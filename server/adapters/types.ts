/**
 * Source adapters: code that polls (or subscribes to) an upstream feed and turns what it reads
 * into the feed engine's write commands — fixture upserts (`FeedEngine.importMatches`), match
 * events and corrections of any sport (`FeedEngine.ingest`, the engine path of POST
 * /v1/ops/events) and odds ticks (`FeedEngine.ingestOdds`). Adapters declare what to fetch and
 * map it (pure mappers); the kit (server/adapters/kit/) gives them one bounded HTTP client and
 * the delivered-events ledger, and the runner (server/adapters/runner.ts) does scheduling,
 * pacing, back-off, storage and bookkeeping. docs/adapters.md.
 */
import type { ImportedMatch } from '@/lib/import/types';
import type { FeedEvent } from '@/lib/match/state';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import type { OddsTickInput } from '../engine/types';
import type { NearFixture } from '../store/queries/fixtures-near';
import type { UpstreamClient } from './kit/http-client';

export type { NearFixture };

/**
 * An adapter's memory between polls (cursors, what was already emitted per match). It must be
 * JSON-serialisable: the runner keeps it in memory and hands every committed version to
 * `onState`, so an operator can persist it across restarts. Adapters must validate what they get
 * back (it may come from disk or be `{}`) and treat anything unreadable as "nothing seen yet".
 */
export type AdapterState = Record<string, unknown>;

/**
 * A football fixture an adapter upserts (competition, teams, fixture). It is an ImportedMatch
 * without the parts the runner fills in: `source` (the adapter's name), `status: 'scheduled'`,
 * `result: null` and `events: []` — an adapter reports results and timeline facts as `events`,
 * never here. Its `competition` is a catalogue slug (lib/catalogue/competitions.ts).
 */
export type AdapterFootballFixture = Omit<
  ImportedMatch,
  'source' | 'status' | 'result' | 'events' | 'lineups' | 'odds' | 'stats'
> &
  Partial<Pick<ImportedMatch, 'lineups' | 'odds' | 'stats'>> & { sport?: 'football' };

/**
 * A fixture of any other sport (ice hockey, baseball, basketball, …): an ImportedSportMatch
 * (lib/rules/contract.ts) without `source`, `status`, `result` and `events`, as above. Its
 * `competition` slug and `season` label are the sport's own (`nhl`, `2024-25`); teams are matched
 * by name to the sport's teams (created when new). `stats`: per-side statistics, if any.
 */
export type AdapterSportFixture = Omit<ImportedSportMatch, 'source' | 'status' | 'result' | 'events' | 'stats'> &
  Partial<Pick<ImportedSportMatch, 'stats'>>;

/** A fixture an adapter upserts: football's (catalogue competition) or any other sport's. */
export type AdapterFixture = AdapterFootballFixture | AdapterSportFixture;

/**
 * One match event — of any sport, or a correction (`type: 'correction'`, detail as
 * lib/match/corrections.ts) — for the fixture whose upstream key is `source_key`. It goes through
 * the same checks and engine path as an item of POST /v1/ops/events: the sport's vocabulary
 * (lib/match/vocabulary.ts), then the sport's rules.
 */
export interface AdapterEvent {
  /** The fixture's upstream key: the `source_key` of a fixture in this or an earlier batch. */
  source_key: string;
  /** `event.event_id` must be deterministic (derived from upstream identity): re-polls are idempotent. */
  event: FeedEvent;
  /** Wall time the event happened upstream (ISO 8601 UTC); defaults to the time the engine receives it. Feed health's lag is measured from it. */
  occurred_at?: string;
}

/**
 * One bookmaker price for the fixture whose upstream key is `source_key` (decimal odds or a format
 * docs/odds.md reads) — or, for a price of a fixture another source owns (matched through
 * `PollContext.findFixtures`, e.g. The Odds API's lines on a bundled match), its `fixture_id`.
 */
export interface AdapterTick {
  source_key: string;
  /** The Scoreline fixture the price is for, when it is not one of this source's fixtures (then `source_key` is informative). */
  fixture_id?: number;
  /** `tick.tick_id` must be deterministic (upstream identity + the price's time or version). */
  tick: Omit<OddsTickInput, 'fixture_id'>;
}

/**
 * How soon to poll again, from what this poll saw: `live` (a followed game is in progress: the
 * source's live interval, else its idle interval) and the upstream's own hint (MLB's
 * `metaData.wait`): the next poll waits at least `nextPollHintMs`.
 */
export interface AdapterPacing {
  live?: boolean;
  nextPollHintMs?: number;
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
  /** Odds ticks, stored after the events. */
  odds?: AdapterTick[];
  /** Pacing of the next poll (default: `intervalMs`). */
  pacing?: AdapterPacing;
  /** Games (fixtures) this poll followed, for feed health. */
  followed?: number;
}

export interface PollContext {
  /** The poll's wall time (injected so tests can replay recorded polls at their recorded time). */
  now: Date;
  /**
   * The source's upstream client (server/adapters/kit/http-client.ts): bounded, classified,
   * conditional, budgeted. Use it for every upstream request.
   */
  http: UpstreamClient;
  /**
   * A plain fetch with the runner's overall deadline and stop signal, for adapters outside the
   * kit's client (prefer `http`).
   */
  fetch: typeof fetch;
  /** The state returned by the last committed poll (`{}` at first). */
  state: AdapterState;
  /**
   * Scoreline fixtures of `sport` whose kickoff lies in [`from`, `to`] (ISO 8601 UTC), any source:
   * what an odds-only source matches its events against (server/store/queries/fixtures-near.ts).
   * Absent in unit tests that give no store.
   */
  findFixtures?: (q: { sport: string; from: string; to: string }) => Promise<NearFixture[]>;
}

export interface SourceAdapter {
  /** Stable name: the `source` of stored events and of fixture_sources rows, e.g. `football-data-org`. */
  name: string;
  /** Poll interval after a successful poll, in ms (the idle interval when `liveIntervalMs` is set). */
  intervalMs: number;
  /** Poll interval while a followed game is live (a batch's `pacing.live`), in ms; default `intervalMs`. */
  liveIntervalMs?: number;
  /** Requests per minute the source allows (the client's budget); default 60. */
  requestsPerMinute?: number;
  /** Headers of every request and where a 429's wait is read, for the source's client. */
  upstream?: UpstreamSettings;
  /**
   * Polls once: fetches upstream and returns commands. Throw on transport failures (network
   * errors, HTTP 5xx, 429 — as {@link AdapterHttpError} with `retryAfterMs` when upstream says
   * when to come back): the runner backs off and retries with the same state. Malformed items
   * must not throw: skip them and report them in `skipped`.
   */
  poll(ctx: PollContext): Promise<AdapterBatch>;
  /**
   * Source-specific feed-health fields merged into the runner's status (/v1/ops/health
   * `adapters[]`, lib/wire/ops-health.ts): e.g. `unmatched_events` / `unmatched`, `quota`, `notes`.
   * Never secrets.
   */
  health?(): Record<string, unknown>;
}

/** Per-source settings of the kit's upstream client (server/adapters/kit/http-client.ts). */
export interface UpstreamSettings {
  /** Sent with every request (an API token, …). */
  headers?: Record<string, string>;
  /** Response headers read, in order, for the wait after a 429 / 5xx; default `['retry-after']`. */
  retryAfterHeaders?: string[];
}

export { AdapterHttpError } from './kit/upstream-error';
