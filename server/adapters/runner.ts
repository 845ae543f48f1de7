/**
 * Runs one source adapter: polls it on its interval, upserts the fixtures it reports through
 * `FeedEngine.importMatches` (source = the adapter's name), maps each event's upstream
 * `source_key` to its fixture id and ingests the events through `FeedEngine.ingest`.
 *
 * Failures (network, HTTP 5xx, 429, store errors) back off exponentially with jitter up to
 * 5 minutes, honouring Retry-After; the adapter's state is committed only after a poll's data is
 * stored, so the next poll retries the same work. Malformed upstream items never stop a poll:
 * each is skipped, logged and counted. docs/adapters.md.
 *
 * Beside it: runner-status.ts (health record, poll report, back-off) and runner-apply.ts (fixture
 * upserts and event ingestion of one batch).
 */
import type { Logger } from 'pino';
import type { FeedEngine } from '../engine/engine';
import { applyEvents, applyFixtures, skipItem, type ApplyContext } from './runner-apply';
import {
  backoffDelay,
  describeError,
  initialStatus,
  recordFailure,
  type AdapterStatus,
  type BackoffOptions,
  type PollReport,
} from './runner-status';
import type { AdapterState, SourceAdapter } from './types';

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
  /** Back-off after failures: `baseMs · 2^(n−1)`, capped at `maxMs`, with jitter. Defaults 5 s, 5 min. */
  backoff?: BackoffOptions;
  /** Per-request timeout in ms; default 30 s. */
  requestTimeoutMs?: number;
}

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

  /** A stopped runner; `start()` begins polling. */
  constructor(private readonly opts: AdapterRunnerOptions) {
    this.adapter = opts.adapter;
    this.engine = opts.engine;
    this.log = opts.log.child({ adapter: opts.adapter.name });
    this.now = opts.now ?? (() => new Date());
    this.baseFetch = opts.fetch ?? globalThis.fetch;
    this.currentState = opts.state ?? {};
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
  }

  /** A copy of the health counters. */
  status(): AdapterStatus {
    return { ...this.stats };
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
          this.schedule(backoffDelay(this.opts.backoff, this.stats.consecutive_failures, null));
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

  /** fetch with the runner's per-request timeout and stop signal. */
  private readonly fetchForAdapter: typeof fetch = (input, init) => {
    const signals = [this.abort.signal, AbortSignal.timeout(this.opts.requestTimeoutMs ?? 30_000)];
    if (init?.signal) signals.push(init.signal);
    return this.baseFetch(input, { ...init, signal: AbortSignal.any(signals) });
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
      delayMs: this.adapter.intervalMs,
    };
    try {
      const batch = await this.adapter.poll({ now: this.now(), fetch: this.fetchForAdapter, state: this.currentState });
      for (const s of batch?.skipped ?? []) skipItem(this.log, report, s.item, s.reason);
      const ids = await applyFixtures(this.applyContext, Array.isArray(batch?.fixtures) ? batch.fixtures : [], report);
      await applyEvents(this.applyContext, Array.isArray(batch?.events) ? batch.events : [], ids, report);
      this.currentState = batch?.state && typeof batch.state === 'object' ? batch.state : this.currentState;
      report.ok = true;
    } catch (err) {
      report.error = describeError(err);
      report.delayMs = recordFailure(this.stats, this.log, this.opts.backoff, err);
    }
    this.stats.items_skipped += report.skipped;
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
}
