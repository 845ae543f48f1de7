/**
 * Follows the committed feed log so every process publishes every message on its own bus, in seq
 * order, once — whichever process (replay, adapter, operator console, import) wrote it
 * (docs/deploy.md "One live stream").
 *
 * The store is the truth; PostgreSQL LISTEN/NOTIFY is only a wake-up. Each feed transaction
 * notifies `scoreline_feed` with its last seq when it commits (server/engine/sequence.ts). A woken
 * follower reads every message after the last seq it published up to the committed head from the
 * store (server/engine/log-reader.ts, the reader WebSocket resume and webhooks use) and publishes
 * them. A lost notification (dropped LISTEN connection, restart of PostgreSQL) costs latency,
 * never a message: every `pollMs` the follower also reads the committed head and closes any gap.
 *
 * This process's own commits take a fast path: the engine's messages are published at once when
 * they continue the published seq without a gap; otherwise the follower first reads what other
 * processes committed before them. Seqs commit in order (the feed_sequence row lock is held to
 * commit), so "committed seq n" implies every seq below n is committed too.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { FeedBus } from '../engine/bus';
import { LogFolds, readLog, type LogEntry } from '../engine/log-reader';
import type { FeedMessage, OddsMessage } from '../engine/types';
import type { Store } from '../store/db';
import { feedHead } from '../store/queries/feed-log';

/** The NOTIFY channel feed transactions signal on; payload `"<last seq> <application_name>"`. */
export const FEED_CHANNEL = 'scoreline_feed';
/** Most seqs read from the store in one catch-up query. */
const CATCH_UP_BATCH = 1000;

/**
 * The bus of a clustered process: the engine's `publish` / `publishOdds` go through the log
 * follower, which publishes to subscribers in seq order, with no gap and no duplicate.
 */
export class ClusterBus extends FeedBus {
  follower: LogFollower | null = null;

  override publish(messages: FeedMessage[]): void {
    if (this.follower) this.follower.offer(messages.map((message) => ({ kind: 'event', message })));
    else super.publish(messages);
  }

  override publishOdds(messages: OddsMessage[]): void {
    if (this.follower) this.follower.offer(messages.map((message) => ({ kind: 'odds', message })));
    else super.publishOdds(messages);
  }

  /** Delivers one message to the subscribers (called by the follower only). */
  deliver(entry: LogEntry): void {
    if (entry.kind === 'event') super.publish([entry.message]);
    else super.publishOdds([entry.message]);
  }
}

/** The lowest and highest seq a log entry carries. */
function seqRange(e: LogEntry): [number, number] {
  if (e.kind === 'event') return [e.message.seq, e.message.seq];
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of e.message.ticks) {
    lo = Math.min(lo, t.seq);
    hi = Math.max(hi, t.seq);
  }
  return [lo, hi];
}

export interface FollowerOptions {
  databaseUrl: string;
  /** This process's name (INSTANCE_ID): its pool's application_name, so it knows its own notifications. */
  instanceId: string;
  /** Safety-net poll of the committed head, ms (LOG_POLL_MS). */
  pollMs: number;
  log: Logger;
}

/** Counters for feed health and the bench. */
export interface FollowerStats {
  /** Last seq published on this process's bus. */
  head: number;
  /** Highest seq known to be committed (head + what is being read). */
  target: number;
  /** Messages published from this process's own commits / read back from the store. */
  local: number;
  from_log: number;
  /** Notifications received from other processes, and catch-ups the poll started. */
  notifications: number;
  poll_catch_ups: number;
  listening: boolean;
}

export class LogFollower {
  private target: number;
  private draining = false;
  private client: pg.Client | null = null;
  private poller: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly waiters = new Set<() => void>();
  /** Folds carried between catch-ups, so a read folds only new events (server/engine/log-reader.ts). */
  private readonly folds = new LogFolds();
  private readonly counts = { local: 0, from_log: 0, notifications: 0, poll_catch_ups: 0 };

  private constructor(
    private readonly store: Store,
    private readonly bus: ClusterBus,
    private readonly opts: FollowerOptions,
    /** Last seq published on this process's bus. */
    public head: number,
  ) {
    this.target = head;
  }

  /**
   * Starts following from the store's committed head (what is already stored is not re-published)
   * and routes `bus`'s publishing through the follower. Errors: store errors reading the head
   * (a LISTEN connection that fails is retried every second in the background).
   */
  static async start(store: Store, bus: ClusterBus, opts: FollowerOptions): Promise<LogFollower> {
    const f = new LogFollower(store, bus, opts, await feedHead(store.db));
    bus.follower = f;
    await f.listen();
    f.poller = setInterval(() => void f.poll(), opts.pollMs);
    f.poller.unref();
    return f;
  }

  /** Messages this process committed (after commit, in its order): published now, or after the gap before them is read. */
  offer(entries: LogEntry[]): void {
    if (!entries.length) return;
    let lo = Infinity;
    let hi = -Infinity;
    for (const e of entries) {
      const [a, b] = seqRange(e);
      lo = Math.min(lo, a);
      hi = Math.max(hi, b);
    }
    if (hi <= this.head) return; // already read back from the store
    if (!this.draining && lo === this.head + 1) {
      for (const e of entries) this.bus.deliver(e);
      this.counts.local += entries.length;
      this.advance(hi);
      return;
    }
    this.wake(hi);
  }

  /** Learns that `seq` is committed and reads up to it. */
  wake(seq: number): void {
    if (seq > this.target) this.target = seq;
    if (this.target > this.head) void this.drain();
  }

  /**
   * Resolves once this process has published `seq` (or the committed head, when `seq` is beyond
   * it), at most `timeoutMs` later. A WebSocket client resuming with a seq it saw on another
   * process waits here instead of being told it is ahead of the server.
   */
  async reach(seq: number, timeoutMs = 2000): Promise<void> {
    if (this.head >= seq) return;
    const goal = Math.min(seq, await feedHead(this.store.db));
    this.wake(goal);
    const until = Date.now() + timeoutMs;
    while (this.head < goal && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.waiters.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, until - Date.now()));
        this.waiters.add(done);
      });
    }
  }

  stats(): FollowerStats {
    return { head: this.head, target: this.target, ...this.counts, listening: this.client != null };
  }

  /** Stops listening and polling (what is being read is still published). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.bus.follower = null;
    if (this.poller) clearInterval(this.poller);
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private advance(seq: number): void {
    this.head = seq;
    if (seq > this.target) this.target = seq;
    for (const w of [...this.waiters]) w();
  }

  /** Reads and publishes everything after `head` up to `target`, in seq order; one reader at a time. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.target > this.head) {
        const to = Math.min(this.target, this.head + CATCH_UP_BATCH);
        const entries = await readLog(this.store.db, this.head, to, undefined, this.folds);
        for (const e of entries) this.bus.deliver(e);
        this.counts.from_log += entries.length;
        this.advance(to);
      }
    } catch (err) {
      // The poll (or the next notification) retries; nothing is skipped, head did not move.
      if (!this.stopped)
        this.opts.log.warn({ err, head: this.head, target: this.target }, 'feed catch-up failed; retrying');
    } finally {
      this.draining = false;
    }
  }

  /** The safety net: reads the committed head and closes any gap a lost notification left. */
  private async poll(): Promise<void> {
    try {
      const committed = await feedHead(this.store.db);
      if (committed > this.target) this.counts.poll_catch_ups += 1;
      this.wake(committed);
    } catch (err) {
      if (!this.stopped) this.opts.log.warn({ err }, 'feed head poll failed');
    }
  }

  /** Opens the LISTEN connection; on failure or loss, retries every second (the poll covers meanwhile). */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const c = new pg.Client({
      connectionString: this.opts.databaseUrl,
      application_name: `${this.opts.instanceId}/listen`,
    });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === c) this.client = null;
      void c.end().catch(() => undefined);
      if (this.stopped) return;
      this.opts.log.warn({ err }, 'feed LISTEN connection lost; reconnecting (polling meanwhile)');
      this.retry = setTimeout(() => void this.listen(), 1000);
      this.retry.unref();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      const [seq, from] = (n.payload ?? '').split(' ');
      const value = Number(seq);
      if (!Number.isSafeInteger(value)) return;
      // Our own commits reach the bus through offer(); a late look closes a gap if one was missed.
      if (from === this.opts.instanceId) return void setTimeout(() => this.wake(value), 100).unref();
      this.counts.notifications += 1;
      this.wake(value);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${FEED_CHANNEL}`);
      this.client = c;
      void this.poll(); // whatever committed while not listening
    } catch (err) {
      onLost(err);
    }
  }
}
