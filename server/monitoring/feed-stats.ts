/**
 * The feed-health tracker of one server (issue "Operators", GET /v1/ops/health): follows the feed
 * bus like server/monitoring/metrics.ts and keeps, per source (`event.source`: `replay`, `operator`, an
 * adapter's or importer's name), the last event's receipt time, events per minute over the last
 * hour, and the ingest lag (received_at − occurred_at) over the last 5 minutes. Events that
 * occurred more than BACKFILL_AFTER_MS before receipt (imports of historical data) are counted as
 * backfill instead, so they never pollute the lag or the live rate. It also counts API responses
 * per minute (`observe(status)`). In memory only: everything but the seeded last-event times
 * restarts with the process.
 */
import type { ResponseObserver } from '../http/response-observer';
import { sql } from 'drizzle-orm';
import type { FeedBus } from '../engine/bus';
import type { Store } from '../store/db';
import { BucketCounter, MINUTE_MS, SampleWindow } from './time-buckets';

/** An event received more than this long after it occurred is backfill (historical import), ms. */
export const BACKFILL_AFTER_MS = 3_600_000;
/** The window of the lag percentiles, ms. */
export const LAG_WINDOW_MS = 5 * MINUTE_MS;
/** The window of the averaged event rate, ms. */
const AVG_WINDOW_MS = 15 * MINUTE_MS;
/** Per-fixture last-event times older than this are forgotten (no live match is silent that long unnoticed), ms. */
const FIXTURE_MEMORY_MS = 12 * 3_600_000;

/** One source's figures. Times are Unix ms; rates are events per minute. */
export interface SourceFigures {
  name: string;
  last_event_ms: number | null;
  /** Live (non-backfill) events received in the trailing minute. */
  events_last_minute: number;
  /** Live events per minute averaged over the last 15 minutes (or since the tracker started, if later). */
  events_per_minute_15m: number;
  /** Per clock minute, oldest first, the last one partial: live events and backfill events. */
  series: { minute: number; events: number; backfill: number }[];
  /** Ingest lag of the live events received in the last 5 minutes, ms (negative lags count as 0). */
  lag: { p50: number | null; p95: number | null; max: number | null; samples: number };
  /** Backfill events received since start, and in the last hour. */
  backfill_total: number;
  backfill_last_hour: number;
}

/** API responses (/v1 and /sandbox/v1) in the trailing minute and per clock minute (Unix ms). */
export interface ApiFigures {
  requests_last_minute: number;
  client_errors_last_minute: number;
  server_errors_last_minute: number;
  series: { minute: number; requests: number; client_errors: number; server_errors: number }[];
}

interface SourceState {
  lastEventMs: number | null;
  counts: BucketCounter<'events' | 'backfill'>;
  lag: SampleWindow;
  backfillTotal: number;
}

/** Follows the bus from construction; call `close()` to stop. */
export class FeedStats {
  private readonly sources = new Map<string, SourceState>();
  private readonly fixtureLast = new Map<number, number>();
  private readonly api = new BucketCounter(['requests', 'client_errors', 'server_errors'] as const);
  private readonly off: () => void;
  /** When the tracker started (Unix ms): rates average over at most the time since. */
  readonly startedAt: number;

  /** Starts following `bus` (null: no bus, e.g. a test feeding `recordEvent` by hand). `now` is injectable for tests. */
  constructor(
    bus: FeedBus | null,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
    this.off = bus
      ? bus.subscribe((m) => this.recordEvent(m.event.source, m.event.occurred_at, m.event.received_at, m.fixture.id))
      : () => {};
  }

  /**
   * Records one stored event (times ISO 8601). An unparseable received_at counts as now; an
   * unparseable occurred_at records no lag.
   */
  recordEvent(source: string, occurredAt: string, receivedAt: string, fixtureId?: number): void {
    const parsed = Date.parse(receivedAt);
    const received = Number.isFinite(parsed) ? parsed : this.now();
    const s = this.source(source);
    s.lastEventMs = Math.max(s.lastEventMs ?? 0, received);
    const lag = received - Date.parse(occurredAt);
    if (lag > BACKFILL_AFTER_MS) {
      s.backfillTotal += 1;
      s.counts.add('backfill', received);
      return;
    }
    s.counts.add('events', received);
    if (Number.isFinite(lag)) s.lag.add(received, Math.max(0, lag));
    if (fixtureId != null) this.fixtureLast.set(fixtureId, Math.max(this.fixtureLast.get(fixtureId) ?? 0, received));
  }

  /** Counts one API response by its HTTP status (499: the client closed first). */
  observe(status: number, atMs = this.now()): void {
    this.api.add('requests', atMs);
    if (status >= 500) this.api.add('server_errors', atMs);
    else if (status >= 400) this.api.add('client_errors', atMs);
  }

  /** Counts the response of an API request when it closes (server/http/response-observer.ts; status 499 when it never finished). */
  readonly observeResponse: ResponseObserver = (_req, res, _elapsedMs, finished) =>
    this.observe(finished ? res.statusCode : 499);

  /**
   * Seeds each source's last event time from the store (one GROUP BY over match_events); times
   * already newer from the bus are kept. Errors: rejects with the store's error.
   */
  async seed(store: Store): Promise<void> {
    const r = (await store.db.execute(
      sql`select source, (extract(epoch from max(received_at)) * 1000)::float8 as last_ms from match_events group by source`,
    )) as unknown as { rows: { source: string; last_ms: number | string }[] };
    for (const row of r.rows) {
      const last = Number(row.last_ms);
      if (!Number.isFinite(last)) continue;
      const s = this.source(row.source);
      s.lastEventMs = Math.max(s.lastEventMs ?? 0, last);
    }
  }

  /** The Unix ms of the last live event of a fixture seen on the bus since start, or undefined. */
  lastEventOf(fixtureId: number): number | undefined {
    return this.fixtureLast.get(fixtureId);
  }

  /** Every known source's figures at `nowMs`, most recent last event first. */
  sourceFigures(nowMs = this.now()): SourceFigures[] {
    const avgWindow = Math.max(MINUTE_MS, Math.min(AVG_WINDOW_MS, nowMs - this.startedAt));
    for (const [id, at] of this.fixtureLast) if (nowMs - at > FIXTURE_MEMORY_MS) this.fixtureLast.delete(id);
    return [...this.sources.entries()]
      .map(([name, s]) => {
        const lag = s.lag.summary(nowMs);
        return {
          name,
          last_event_ms: s.lastEventMs,
          events_last_minute: s.counts.sumSince(nowMs, MINUTE_MS).events,
          events_per_minute_15m: round2((s.counts.sumSince(nowMs, avgWindow).events * MINUTE_MS) / avgWindow),
          series: s.counts.perMinute(nowMs),
          lag: { p50: lag.p50, p95: lag.p95, max: lag.max, samples: lag.count },
          backfill_total: s.backfillTotal,
          backfill_last_hour: s.counts.sumSince(nowMs, 60 * MINUTE_MS).backfill,
        };
      })
      .sort((a, b) => (b.last_event_ms ?? 0) - (a.last_event_ms ?? 0) || a.name.localeCompare(b.name));
  }

  /** API figures at `nowMs`. */
  apiFigures(nowMs = this.now()): ApiFigures {
    const last = this.api.sumSince(nowMs, MINUTE_MS);
    return {
      requests_last_minute: last.requests,
      client_errors_last_minute: last.client_errors,
      server_errors_last_minute: last.server_errors,
      series: this.api.perMinute(nowMs),
    };
  }

  /** Stops following the bus. */
  close(): void {
    this.off();
  }

  private source(name: string): SourceState {
    let s = this.sources.get(name);
    if (!s) {
      s = {
        lastEventMs: null,
        counts: new BucketCounter(['events', 'backfill'] as const),
        lag: new SampleWindow(LAG_WINDOW_MS),
        backfillTotal: 0,
      };
      this.sources.set(name, s);
    }
    return s;
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The tracker of each running server's services (server start registers it): beside the services, so they need not carry it. */
const TRACKERS = new WeakMap<object, FeedStats>();

/**
 * Creates the tracker of a running server: follows `services.bus` at once and seeds the last
 * event per source from the store in the background (a failure is logged at warn, never thrown).
 * Registered for `services` (feedStatsOf).
 */
export function startFeedStats(services: {
  bus: FeedBus;
  store: Store;
  log: { warn(obj: object, msg: string): void };
}): FeedStats {
  const stats = new FeedStats(services.bus);
  stats
    .seed(services.store)
    .catch((err) => services.log.warn({ err }, 'feed stats: seeding the last event per source failed'));
  TRACKERS.set(services, stats);
  return stats;
}

/** The tracker started for `services` (startFeedStats), or undefined (the sandbox's services, a test's). */
export function feedStatsOf(services: object): FeedStats | undefined {
  return TRACKERS.get(services);
}
