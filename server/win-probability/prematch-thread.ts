/**
 * The main thread's side of the pre-match pass thread (prematch-worker.ts): one Worker per
 * process, started on first use, unref'd (it never holds the process open), passes answered in
 * the order asked, stopped after {@link IDLE_MS} without a job (its heap — the seed files, the
 * walk's garbage — is returned; a final whistle starts it again). When the thread cannot run (it exited or failed to start) the pass runs here,
 * on the event loop, as before — slower for other requests, never a missing answer.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { RunTables } from '@/lib/win-probability/baseball';
import { baseballTables } from '../read/baseball-tables';
import { prematchOfRows } from '../read/prematch-batch';
import { packPrematch, type PrematchTable } from '../read/prematch-table';
import type { FixtureRow } from '../store/fixture-info';
import { workerScript } from './worker-script';

/** A job of the thread: a pass over every stored fixture row of `sport`, or baseball's run tables. */
export type PassJob = { id: number; sport: string; rows: FixtureRow[] } | { id: number; run_tables: true };
/** The thread's answer to job `id`: the packed pass or the tables, or the message of what it threw. */
export type PassReply =
  | { id: number; table: PrematchTable }
  | { id: number; tables: RunTables }
  | { id: number; error: string };

/** A thread idle this long (ms) is stopped, its heap returned; the next job starts another. */
export const IDLE_MS = 30_000;

type Waiting = { resolve: (t: never) => void; reject: (e: Error) => void; job: PassJob };

/** A job done on this thread (no pass thread). */
const inline = (job: PassJob): PrematchTable | RunTables =>
  'run_tables' in job ? baseballTables() : packPrematch(prematchOfRows(job.sport, job.rows));

/** The pass thread of this process. */
export class PrematchThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private next = 1;
  /** Set once the thread failed: later passes run inline. */
  private broken = false;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly log?: Logger) {}

  /**
   * The pass over `rows` of `sport`, computed in the thread. Errors: rejects with what the pass
   * threw (in the thread or, without one, inline).
   */
  pass(sport: string, rows: FixtureRow[]): Promise<PrematchTable> {
    return this.ask({ id: this.next++, sport, rows });
  }

  /** Baseball's run tables, counted in the thread (~1 s of its CPU). Errors: the file's read / parse. */
  runTables(): Promise<RunTables> {
    return this.ask({ id: this.next++, run_tables: true });
  }

  private ask<T>(job: PassJob): Promise<T> {
    if (this.broken) return Promise.resolve().then(() => inline(job) as T);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(job.id, { resolve: resolve as (t: never) => void, reject, job });
      this.thread().postMessage(job);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const s = workerScript('win-probability-prematch.mjs', 'prematch-worker.ts');
    const w = new Worker(s.file, { eval: s.eval });
    w.unref();
    w.on('message', (m: PassReply) => {
      const p = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (!this.waiting.size) {
        this.idle = setTimeout(() => {
          this.idle = null;
          if (!this.waiting.size) void this.close();
        }, IDLE_MS);
        this.idle.unref();
      }
      if (!p) return;
      if ('error' in m) p.reject(new Error(m.error));
      else p.resolve(('table' in m ? m.table : m.tables) as never);
    });
    w.on('error', (err) => {
      this.log?.warn({ err }, 'pre-match pass thread failed: passes run on the main thread');
      this.broken = true;
    });
    w.on('exit', () => {
      if (this.worker !== w) return; // stopped by close() (idle, shutdown); a newer thread may run
      this.worker = null;
      // Passes it will not answer: run inline (a terminate() at shutdown leaves none waiting).
      for (const [id, p] of this.waiting) {
        this.waiting.delete(id);
        Promise.resolve()
          .then(() => inline(p.job) as never)
          .then(p.resolve, p.reject);
      }
    });
    this.worker = w;
    return w;
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const w = this.worker;
    this.worker = null;
    this.waiting.clear();
    await w?.terminate();
  }
}
