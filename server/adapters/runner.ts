/**
 * Runs one source adapter: polls it — on its live interval while a followed game is in progress,
 * its idle interval otherwise, never sooner than the upstream's own hint — upserts the fixtures
 * it reports through `FeedEngine.importMatches` (source = the adapter's name), maps each event's
 * and tick's upstream `source_key` to its fixture id and ingests the events (any sport,
 * corrections included) through `FeedEngine.ingest` and the ticks through `FeedEngine.ingestOdds`.
 * Each runner owns its source's upstream client (server/adapters/kit/http-client.ts: bounded,
 * classified, conditional, budgeted) and hands it to the adapter as `ctx.http`.
 *
 * Failures (network, HTTP 5xx, 429, timeouts, store errors) back off exponentially with jitter up
 * to 5 minutes, honouring Retry-After; the adapter's state is committed only after a poll's data
 * is stored, so the next poll retries the same work. Malformed upstream items never stop a poll:
 * each is skipped, logged and counted. docs/adapters.md.
 *
 * Beside it: runner-status.ts (health record, poll report, back-off) and runner-apply.ts (fixture
 * upserts and event ingestion of one batch).
 */
import type { Logger } from 'pino';
import type { FeedEngine } from '../engine/engine';
import { findFixturesNear } from '../store/queries/fixtures-near';
import { upstreamClientFor, type UpstreamClient } from './kit/http-client';
import { applyEvents, applyFixtures, applyOdds, skipItem, type ApplyContext } from './runner-apply';
import {
  backoffDelay,
  describeError,
  initialStatus,
  recordFailure,
  type AdapterStatus,
  type BackoffOptions,
  type PollReport,
} from './runner-status';
import type { AdapterBatch, AdapterState, SourceAdapter } from './types';

export type { AdapterStatus, BackoffOptions, PollReport } from './runner-status';

/** What an AdapterRunner runs and with what (only engine, adapter and log are required). */
export interface AdapterRunnerOptions {
  engine: FeedEngine;
  adapter: SourceAdapter;
  log: Logger;
  /** fetch used for upstream requests (default: global fetch). */
  fetch?: typeof fetch;
  /** The poll time handed to the adapter (default: the wall clock). */
  now?: () => Date;
  /** State to start from (e.g. persisted by `onState`); default `{}`. */
  state?: AdapterState;
  /** Called with every committed state (after a poll's data is stored). Errors are logged. */
  onState?: (state: AdapterState) => void | Promise<void>;
  /**
   * Back-off after failures: `baseMs · 2^(n−1)`, capped at `maxMs`, with jitter. Defaults: base
   * 5 s or the adapter's (live) poll interval when shorter, max 5 min.
   */
  backoff?: BackoffOptions;
  /** Overall bound of one upstream request in ms (connect ≤ 5 s, headers, body within it); default 30 s. */
  requestTimeoutMs?: number;
}

/** The longest upstream pacing hint honoured (ms): longer asks are capped. */
const MAX_HINT_MS = 600_000;

/** Polls one source adapter on its interval and stores what it reports (see the module comment). */
export class AdapterRunner {
  private readonly adapter: SourceAdapter;
  private readonly engine: FeedEngine;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly baseFetch: typeof fetch;
  private currentState: AdapterState;
  private readonly stats: AdapterStatus;
  /** source_key → fixture id and a hash of the last upsert sent (unchanged fixtures are not re-imported). */
  private readonly fixtures = new Map<string, { id: number; hash: string }>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private inFlight: Promise<PollReport> | null = null;
  private abort = new AbortController();
  private readonly applyContext: ApplyContext;
  private http: UpstreamClient | null = null;
  /** The back-off: the options', base defaulting to min(5 s, the live interval). */
  private readonly backoff: BackoffOptions;

  /** A stopped runner; `start()` begins polling. */
  constructor(private readonly opts: AdapterRunnerOptions) {
    this.adapter = opts.adapter;
    this.engine = opts.engine;
    this.log = opts.log.child({ adapter: opts.adapter.name });
    this.now = opts.now ?? (() => new Date());
    this.baseFetch = opts.fetch ?? globalThis.fetch;
    this.currentState = opts.state ?? {};
    const interval = opts.adapter.liveIntervalMs ?? opts.adapter.intervalMs;
    this.backoff = { baseMs: Math.min(5_000, Math.max(100, interval)), ...opts.backoff };
    this.stats = initialStatus(opts.adapter);
    this.applyContext = {
      engine: this.engine,
      adapter: this.adapter,
      log: this.log,
      stats: this.stats,
      fixtures: this.fixtures,
    };
  }

  /** Starts polling now and then on the adapter's interval (or the back-off after a failure). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stats.running = true;
    if (this.abort.signal.aborted) this.abort = new AbortController();
    this.schedule(0);
  }

  /** Stops polling: aborts requests in flight and waits for the current poll to settle. */
  async stop(): Promise<void> {
    this.running = false;
    this.stats.running = false;
    this.stats.next_poll_at = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort(new Error('adapter runner stopped'));
    await this.inFlight?.catch(() => undefined);
    const http = this.http;
    this.http = null;
    if (http) {
      Object.assign(this.stats, http.stats());
      await http.close();
    }
  }

  /** A copy of the health counters, with the upstream client's request figures. */
  status(): AdapterStatus {
    return { ...(this.adapter.health?.() ?? {}), ...this.stats, ...(this.http?.stats() ?? {}) };
  }

  /** The source's upstream client (created at the first poll after a start). */
  private client(): UpstreamClient {
    this.http ??= upstreamClientFor(this.adapter, {
      timeoutMs: this.opts.requestTimeoutMs,
      signal: () => this.abort.signal,
    });
    return this.http;
  }

  /** The last committed adapter state. */
  get state(): AdapterState {
    return this.currentState;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.stats.next_poll_at = new Date(Date.now() + delayMs).toISOString();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pollOnce()
        .then((r) => this.schedule(r.delayMs))
        .catch((err) => {
          // pollOnce does not throw; this is the last line of defence for the process.
          this.log.error({ err }, 'adapter poll crashed');
          this.schedule(backoffDelay(this.backoff, this.stats.consecutive_failures, null));
        });
    }, delayMs);
    this.timer.unref?.();
  }

  /** Polls once now (or joins the poll in progress). Never throws. */
  pollOnce(): Promise<PollReport> {
    this.inFlight ??= this.runPoll().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /**
   * fetch with the runner's overall deadline and stop signal. The deadline is a plain timer that
   * aborts a controller this call holds (not `AbortSignal.timeout` through `AbortSignal.any`, whose
   * timer could be collected with the combined signal: issue 32). It covers the body too: the
   * timer is cleared when the body is read or the request fails.
   */
  private readonly fetchForAdapter: typeof fetch = async (input, init) => {
    const ac = new AbortController();
    const ms = this.opts.requestTimeoutMs ?? 30_000;
    const timer = setTimeout(() => ac.abort(new Error(`upstream request timed out after ${ms} ms`)), ms);
    timer.unref();
    const abort = () => ac.abort(new Error('adapter runner stopped'));
    const sources = [this.abort.signal, ...(init?.signal ? [init.signal] : [])];
    for (const s of sources) {
      if (s.aborted) abort();
      else s.addEventListener('abort', abort, { once: true });
    }
    const done = () => {
      clearTimeout(timer);
      for (const s of sources) s.removeEventListener('abort', abort);
    };
    try {
      const res = await this.baseFetch(input, { ...init, signal: ac.signal });
      const text = await res.text();
      done();
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (err) {
      done();
      throw ac.signal.aborted && ac.signal.reason instanceof Error ? ac.signal.reason : err;
    }
  };

  private async runPoll(): Promise<PollReport> {
    this.stats.last_poll_at = new Date().toISOString();
    const report: PollReport = {
      ok: false,
      fixtures: 0,
      stored: 0,
      duplicates: 0,
      rejected: 0,
      skipped: 0,
      ticks: 0,
      delayMs: this.adapter.intervalMs,
    };
    try {
      const batch = await this.adapter.poll({
        now: this.now(),
        http: this.client(),
        fetch: this.fetchForAdapter,
        state: this.currentState,
        findFixtures: (q) => findFixturesNear(this.engine.store.db, q),
      });
      for (const s of batch?.skipped ?? []) skipItem(this.log, report, s.item, s.reason);
      const ids = await applyFixtures(this.applyContext, Array.isArray(batch?.fixtures) ? batch.fixtures : [], report);
      await applyEvents(this.applyContext, Array.isArray(batch?.events) ? batch.events : [], ids, report);
      if (Array.isArray(batch?.odds)) await applyOdds(this.applyContext, batch.odds, ids, report);
      this.currentState = batch?.state && typeof batch.state === 'object' ? batch.state : this.currentState;
      report.delayMs = this.pace(batch);
      report.ok = true;
    } catch (err) {
      report.error = describeError(err);
      report.delayMs = recordFailure(this.stats, this.log, this.backoff, err);
    }
    this.stats.items_skipped += report.skipped;
    if (report.lastSkip) {
      this.stats.last_skipped = report.lastSkip;
      this.stats.last_skipped_at = new Date().toISOString();
    }
    if (!report.ok) return report;
    this.stats.consecutive_failures = 0;
    this.stats.last_success_at = new Date().toISOString();
    if (this.opts.onState) {
      try {
        await this.opts.onState(this.currentState);
      } catch (err) {
        this.log.error({ err }, 'could not persist adapter state');
      }
    }
    this.log.debug({ ...report }, 'adapter poll done');
    return report;
  }

  /** The wait after a successful poll: live or idle interval, at least the upstream's hint (capped at 10 min). */
  private pace(batch: AdapterBatch | undefined): number {
    const live = batch?.pacing?.live === true;
    this.stats.live = live;
    if (typeof batch?.followed === 'number') this.stats.games_followed = batch.followed;
    const interval = live ? (this.adapter.liveIntervalMs ?? this.adapter.intervalMs) : this.adapter.intervalMs;
    const hint = batch?.pacing?.nextPollHintMs;
    return typeof hint === 'number' && Number.isFinite(hint) && hint > 0
      ? Math.max(interval, Math.min(hint, MAX_HINT_MS))
      : interval;
  }
}
