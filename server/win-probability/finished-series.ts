/**
 * Every finished match's win-probability series, recomputed from the log off the main thread's
 * event loop (issue 37 items 3 and 6; docs/odds.md "Win probability"): a worker_threads Worker
 * (recompute-worker.ts) folds the logs and runs the ratings once per sport; this side reads the
 * store in batches (one query per sport for its fixtures, one per {@link CHUNK} fixtures for their
 * events), hands them over and keeps each answer, serialized, by fixture. GET
 * /v1/{sport}/matches/{fixture_id}/win-probability answers a finished match from here when the
 * fixture's log is still the one it was computed from (its event count and last seq: one indexed
 * query), else computes it itself as before — so a correction moves the answer back at once, and
 * the fixture is recomputed here again a moment later.
 *
 * Triggered at start-up (after the bundled import) by {@link startFinishedSeries}, and for a
 * fixture after any event of it (a correction of a finished match, or its final whistle). The
 * answers are the same as a single read's (server/read/win-probability-batch.ts says why;
 * test/integration/win-probability-recompute.test.ts checks it), so they are the same after a restart.
 * Kept in memory per process (a restart recomputes; nothing is persisted).
 */
import { Worker } from 'node:worker_threads';
import { asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { WinProbabilityResponse } from '@/lib/wire/win-probability';
import type { Db, Tx } from '../store/db';
import { toStoredEvent } from '../store/event-row';
import * as t from '../store/schema';
import { prematchRowsOf } from '../read/tennis-rank-points';
import type { RecomputeJob, RecomputeResult, StoredLogEntry } from './recompute-types';
import { IDLE_MS } from './prematch-thread';
import { workerScript } from './worker-script';

/** Fixtures whose events are read (and handed to the thread) per batch. */
export const CHUNK = 200;
/** Sports with a home/away series (golf has a field). */
const SERIES_SPORTS = [
  'football',
  'basketball',
  'ice-hockey',
  'rugby',
  'tennis',
  'baseball',
  'cricket',
  'mma',
  'esports',
] as const;

/** A fixture's log key: its event count and last seq (a new event or correction changes it). */
export async function logKey(db: Tx, fixtureId: number): Promise<string> {
  const [r] = await db
    .select({ n: count(), last: max(t.matchEvents.seq) })
    .from(t.matchEvents)
    .where(eq(t.matchEvents.fixtureId, fixtureId));
  return `${Number(r?.n ?? 0)}:${Number(r?.last ?? 0)}`;
}

const keyOf = (log: StoredLogEntry[]) => `${log.length}:${log.at(-1)?.event.seq ?? 0}`;

/** Figures of the last recompute (GET /v1/ops/health could show them; bench/win-probability.ts prints them). */
export interface RecomputeStats {
  fixtures: number;
  /** Wall-clock ms from the first read to the last answer kept. */
  ms: number;
  finished_at: string;
  /** Answers kept after it (every sport) and their JSON characters (~bytes of the process's heap). */
  kept: number;
  kept_chars: number;
}

/** The cache of one store's finished series and the thread that fills it. */
export class FinishedSeries {
  private readonly cache = new Map<number, { key: string; json: string }>();
  private worker: Worker | null = null;
  private waiting: ((r: RecomputeResult) => void)[] = [];
  private queue = Promise.resolve();
  /** Recomputes asked and not finished; at 0 the thread is stopped after `idleMs`. */
  private active = 0;
  private idle: NodeJS.Timeout | null = null;
  last: RecomputeStats | null = null;

  /** `idleMs`: the thread is stopped this long after the last recompute finished (default {@link IDLE_MS}). */
  constructor(
    private readonly db: Db,
    private readonly log?: Logger,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Number of fixtures answered from the cache. */
  get size(): number {
    return this.cache.size;
  }

  /**
   * The kept answer of a fixture when its log is unchanged since it was computed.
   * @returns the answer, or null (not kept, another sport, or its log changed since)
   */
  async answer(db: Tx, sport: string, fixtureId: number): Promise<WinProbabilityResponse | null> {
    const hit = this.cache.get(fixtureId);
    if (!hit || hit.key !== (await logKey(db, fixtureId))) return null;
    const body = JSON.parse(hit.json) as WinProbabilityResponse;
    return body.sport === sport ? body : null;
  }

  /**
   * Recomputes every finished fixture of `sports` (default every sport with a series), or only
   * `ids` of one sport; one recompute at a time (later calls wait their turn).
   * @returns once every answer is kept
   */
  recompute(sports: readonly string[] = SERIES_SPORTS, ids?: readonly number[]): Promise<void> {
    this.active++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const run = this.queue.then(() => this.run(sports, ids));
    this.queue = run
      .catch((err) => this.log?.warn({ err }, 'win-probability recompute failed'))
      .finally(() => {
        if (--this.active) return;
        // Idle: the thread's heap (every sport's ratings pool, the folds' garbage) is returned; the next recompute starts another.
        this.idle = setTimeout(() => {
          this.idle = null;
          if (!this.active) void this.stopThread();
        }, this.idleMs);
        this.idle.unref();
      });
    return run;
  }

  private async run(sports: readonly string[], only?: readonly number[]): Promise<void> {
    const t0 = performance.now();
    let n = 0;
    for (const sport of sports) {
      if (!(SERIES_SPORTS as readonly string[]).includes(sport)) continue;
      const pool = await prematchRowsOf(this.db, sport);
      const want = only ? new Set(only) : null;
      const ids = pool.filter((r) => r.status === 'finished' && (!want || want.has(r.id))).map((r) => r.id);
      for (const id of want ?? []) if (!ids.includes(id)) this.cache.delete(id);
      if (!ids.length) continue;
      this.post({ type: 'pool', sport, pool, ids });
      // Reads of the next batch overlap the thread's work on this one.
      let pending: Promise<RecomputeResult> | null = null;
      for (let i = 0; i < ids.length; i += CHUNK) {
        const logs = await this.logsOf(ids.slice(i, i + CHUNK));
        if (pending) n += this.keep(await pending);
        pending = this.ask({ type: 'logs', sport, logs });
      }
      if (pending) n += this.keep(await pending);
    }
    let chars = 0;
    for (const v of this.cache.values()) chars += v.json.length;
    this.last = {
      fixtures: n,
      ms: performance.now() - t0,
      finished_at: new Date().toISOString(),
      kept: this.cache.size,
      kept_chars: chars,
    };
    this.log?.info(this.last, 'win-probability series recomputed');
  }

  /** The stored logs of `ids` (one query), by fixture in seq order, with their keys. */
  private async logsOf(ids: number[]): Promise<[number, string, StoredLogEntry[]][]> {
    const rows = await this.db
      .select()
      .from(t.matchEvents)
      .where(inArray(t.matchEvents.fixtureId, ids))
      .orderBy(asc(t.matchEvents.fixtureId), asc(t.matchEvents.seq));
    const by = new Map<number, StoredLogEntry[]>(ids.map((id) => [id, []]));
    for (const r of rows) {
      const e = toStoredEvent(r);
      by.get(r.fixtureId)!.push({ event: e, occurred_at: e.occurred_at });
    }
    return [...by].map(([id, log]) => [id, keyOf(log), log]);
  }

  private keep(r: RecomputeResult): number {
    let n = 0;
    for (const [id, key, json] of r.results) {
      if (json == null) this.cache.delete(id);
      else {
        this.cache.set(id, { key, json });
        n++;
      }
    }
    return n;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const s = workerScript('win-probability-recompute.mjs', 'recompute-worker.ts');
    const w = new Worker(s.file, { eval: s.eval });
    w.unref();
    w.on('message', (m: RecomputeResult) => this.waiting.shift()?.(m));
    w.on('error', (err) => this.log?.warn({ err }, 'win-probability recompute thread failed'));
    w.on('exit', () => {
      if (this.worker !== w) return; // stopped when idle or at close(); a newer thread may run
      this.worker = null;
      // Answers that will not come: the runs waiting for them see empty results.
      for (const f of this.waiting.splice(0)) f({ type: 'bodies', results: [] });
    });
    this.worker = w;
    return w;
  }

  private post(job: RecomputeJob): void {
    this.thread().postMessage(job);
  }

  private ask(job: RecomputeJob): Promise<RecomputeResult> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.post(job);
    });
  }

  /** Whether the thread runs now (false before the first recompute and once stopped idle). */
  get threadRunning(): boolean {
    return this.worker !== null;
  }

  /** Stops an idle thread (none waiting for it). */
  private async stopThread(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }

  /** Stops the thread (pending runs resolve with what they kept). */
  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const w = this.worker;
    await w?.terminate(); // its exit answers the waiting runs with empty results
    if (this.worker === w) this.worker = null;
  }
}

const byDb = new WeakMap<object, FinishedSeries>();

/** The finished-series cache of `db`, when {@link startFinishedSeries} started one for it. */
export function finishedSeriesOf(db: object): FinishedSeries | undefined {
  return byDb.get(db);
}

/**
 * Starts the cache of `db`: recomputes every finished match now, and a fixture again
 * `debounceMs` after an event of it (`subscribe`: the feed bus).
 * @returns the cache and a stop function
 */
export function startFinishedSeries(
  db: Db,
  opts: {
    log?: Logger;
    subscribe?: (f: (m: { fixture: { id: number; sport: string } }) => void) => () => void;
    debounceMs?: number;
  } = {},
): { series: FinishedSeries; stop: () => Promise<void> } {
  const series = new FinishedSeries(db, opts.log);
  byDb.set(db, series);
  void series.recompute();
  const pending = new Map<string, Set<number>>();
  let timer: NodeJS.Timeout | null = null;
  const unsubscribe = opts.subscribe?.((m) => {
    const s = pending.get(m.fixture.sport) ?? new Set<number>();
    s.add(m.fixture.id);
    pending.set(m.fixture.sport, s);
    timer ??= setTimeout(() => {
      timer = null;
      for (const [sport, ids] of pending) void series.recompute([sport], [...ids]);
      pending.clear();
    }, opts.debounceMs ?? 2000);
    timer.unref();
  });
  return {
    series,
    stop: async () => {
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      byDb.delete(db);
      await series.close();
    },
  };
}
