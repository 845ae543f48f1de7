import type { Logger } from 'pino';
import type { FeedMessage } from '../engine/types';
import type { Tx } from '../store/db';
import * as t from '../store/schema';
import { prematchRowsOf } from './tennis-rank-points';
import { PrematchThread } from '../win-probability/prematch-thread';
import type { RunTables } from '@/lib/win-probability/baseball';
import { baseballTablesIfKnown, keepBaseballTables } from './baseball-tables';
import { PrematchPass } from './prematch-table';

const EMPTY = new PrematchPass(
  {
    ids: new Float64Array(0),
    home: new Float64Array(0),
    draw: new Float64Array(0),
    away: new Float64Array(0),
    json: '',
    ends: new Uint32Array(0),
  },
  0,
);

/** A figure of the last pass of a sport (bench/win-probability-server.ts, the log). */
export interface PassStats {
  sport: string;
  generation: number;
  fixtures: number;
  /** Reading the sport's fixture rows (main thread, the store), ms. */
  read_ms: number;
  /** The pass in the thread, hand-over included, ms. */
  pass_ms: number;
}

/** The passes of one store (one per store: production's, the sandbox's). */
export class PrematchPasses {
  private readonly current = new Map<string, PrematchPass>();
  private readonly running = new Map<string, Promise<PrematchPass>>();
  private readonly dirty = new Set<string>();
  private readonly generations = new Map<string, number>();
  private reference: (() => number) | null = null;
  private referenceSeen = 0;
  private readonly thread: PrematchThread;
  private unsubscribe: (() => void) | null = null;
  /** The last pass's figures per sport. */
  readonly stats = new Map<string, PassStats>();

  constructor(
    private readonly db: Tx,
    private readonly log?: Logger,
  ) {
    this.thread = new PrematchThread(log);
  }

  /**
   * Learns staleness from the ingest path: `subscribe` (the feed bus) gets every stored event —
   * one of a finished match, or a correction, marks its sport stale —, `reference` reads the
   * engine's reference-data version (a change marks every sport stale).
   */
  watch(subscribe: (f: (m: FeedMessage) => void) => () => void, reference: () => number): void {
    this.unsubscribe?.();
    this.reference = reference;
    this.referenceSeen = reference();
    this.unsubscribe = subscribe((m) => {
      if (m.state.status === 'finished' || m.event.type === 'correction') this.changed(m.fixture.sport);
    });
  }

  /** Marks `sport`'s pass stale (without one: every sport's, running passes included): the next read starts a new pass. */
  changed(sport?: string): void {
    if (sport) this.dirty.add(sport);
    // Every sport with a pass, or one running (it read the rows before this change).
    else for (const s of new Set([...this.current.keys(), ...this.running.keys()])) this.dirty.add(s);
  }

  /** The generation of `sport`'s current pass (0: none yet); part of the read cache's sport version. */
  generation(sport: string): number {
    return this.generations.get(sport) ?? 0;
  }

  private checkReference(): void {
    if (!this.reference) return;
    const v = this.reference();
    if (v !== this.referenceSeen) {
      this.referenceSeen = v;
      this.changed();
    }
  }

  /**
   * The last complete pass of `sport` (golf: an empty one); starts a new pass when it is stale
   * and answers the last one meanwhile; waits only when there is none yet. Errors: the store's
   * or the pass's, when there is no earlier pass to answer with.
   */
  get(sport: string): Promise<PrematchPass> {
    if (sport === 'golf') return Promise.resolve(EMPTY);
    this.checkReference();
    const have = this.current.get(sport);
    if (have && !this.dirty.has(sport)) return Promise.resolve(have);
    const run = this.start(sport);
    return have ? Promise.resolve(have) : run;
  }

  /** Like {@link get}, but waits for a pass that reflects every change marked so far. */
  async fresh(sport: string): Promise<PrematchPass> {
    if (sport === 'golf') return EMPTY;
    this.checkReference();
    // A pass that fails is tried again at most twice here (it is retried on later reads too).
    for (let i = 0; i < 3 && (this.dirty.has(sport) || this.running.has(sport)); i++)
      await this.start(sport).catch(() => {});
    return this.get(sport);
  }

  /** The running pass of `sport`, or a new one when none runs and it is stale or missing. */
  private start(sport: string): Promise<PrematchPass> {
    const running = this.running.get(sport);
    if (running) return running;
    this.dirty.delete(sport);
    const run = this.compute(sport).finally(() => this.running.delete(sport));
    this.running.set(sport, run);
    run.catch((err) => {
      this.dirty.add(sport); // try again on the next read
      this.log?.warn({ err, sport }, 'pre-match pass failed');
    });
    return run;
  }

  private async compute(sport: string): Promise<PrematchPass> {
    const t0 = performance.now();
    const rows = await prematchRowsOf(this.db, sport);
    const t1 = performance.now();
    const table = await this.thread.pass(sport, rows);
    const generation = this.generation(sport) + 1;
    const pass = new PrematchPass(table, generation);
    // The switch: one assignment, with the generation the read cache keys by.
    this.current.set(sport, pass);
    this.generations.set(sport, generation);
    const s = { sport, generation, fixtures: pass.size, read_ms: t1 - t0, pass_ms: performance.now() - t1 };
    this.stats.set(sport, s);
    this.log?.info(s, 'pre-match pass done');
    return pass;
  }

  /**
   * Baseball's run tables (baseball-tables.ts), counted in the pass thread at the first need and
   * kept for the process. Errors: the tables' (file read / parse).
   */
  runTables(): Promise<RunTables> {
    const known = baseballTablesIfKnown();
    if (known) return Promise.resolve(known);
    tables ??= this.thread.runTables().then(keepBaseballTables, (err) => {
      tables = null;
      throw err;
    });
    return tables;
  }

  /** Stops watching and the pass thread. */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.thread.close();
  }
}

let tables: Promise<RunTables> | null = null;
/**
 * The passes per store, on globalThis: the pages' server components run Next's own bundled copy
 * of this module in the same process, and must read the passes the server's ingest path keeps
 * stale-while-revalidate (a copy of their own never learns of a change: its rows stayed at the
 * first pass, so a new fixture's scoreboard card had no pre-match figure).
 */
const byDb: WeakMap<object, PrematchPasses> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('scoreline.prematchPasses')
] ??= new WeakMap<object, PrematchPasses>()) as WeakMap<object, PrematchPasses>;

/** The passes of `db` (created on first use; {@link PrematchPasses.watch} ties them to an ingest path). */
export function prematchPassesOf(db: Tx, log?: Logger): PrematchPasses {
  let p = byDb.get(db);
  if (!p) byDb.set(db, (p = new PrematchPasses(db, log)));
  return p;
}

/**
 * Pre-match probability of every stored fixture of `sport` (golf: none): the last complete pass,
 * a new one started when it is stale (see the module header). When `fixtureIds` names a fixture
 * the last pass does not hold (added since: an operator's or an adapter's new fixture), waits for
 * the pass that reflects every change marked so far — the reference write that added it marked
 * every sport stale — so a new fixture's row never shows `win_probability: null` while a pass that
 * rates it is on its way; nothing is waited for when no change is marked. Errors: the store's,
 * without an earlier pass.
 */
export async function sportPrematch(db: Tx, sport: string, fixtureIds?: readonly number[]): Promise<PrematchPass> {
  const passes = prematchPassesOf(db);
  const pass = await passes.get(sport);
  return passCovering(passes, sport, pass, fixtureIds);
}

/** `pass`, or the fresh pass of `sport` when `fixtureIds` names a fixture `pass` does not hold (see {@link sportPrematch}). */
export function passCovering(
  passes: PrematchPasses,
  sport: string,
  pass: PrematchPass,
  fixtureIds: readonly number[] = [],
): Promise<PrematchPass> | PrematchPass {
  if (sport === 'golf' || fixtureIds.every((id) => pass.has(id))) return pass;
  return passes.fresh(sport);
}

/**
 * One fixture's pre-match probability; a fixture the last pass does not hold (added since) waits
 * for a pass that does. Undefined for golf or an unknown fixture. Errors: the store's.
 */
export async function fixturePrematchOf(db: Tx, sport: string, fixtureId: number) {
  const passes = prematchPassesOf(db);
  const pass = await passes.get(sport);
  if (pass.has(fixtureId) || sport === 'golf') return pass.get(fixtureId);
  passes.changed(sport);
  return (await passes.fresh(sport)).get(fixtureId);
}

/**
 * Starts every stored sport's pass (in the thread), so the first list read of a sport finds one
 * (server/start.ts, after the port listens). Resolves when they are done. Errors: the store's.
 */
export async function warmPrematch(db: Tx): Promise<void> {
  const sports = await db.selectDistinct({ sport: t.fixtures.sport }).from(t.fixtures);
  for (const { sport } of sports) await prematchPassesOf(db).get(sport);
}
