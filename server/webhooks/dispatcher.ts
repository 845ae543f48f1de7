/**
 * The webhook dispatcher (docs/webhooks.md): woken by the bus after every commit (and every
 * 500 ms for retries), it moves the durable outbox forward (outbox.ts, which claims the new
 * deliveries as it writes them when nothing older is waiting) and claims due deliveries a few
 * hundred at a time (attempt.ts), keeps them in memory in one FIFO per endpoint, and sends them —
 * one attempt per endpoint at a time (its first attempts in feed order), endpoints in parallel up
 * to WEBHOOK_CONCURRENCY — over keep-alive pools (pool.ts), signed and sent from the webhook sender
 * thread (send-thread.ts; WEBHOOK_SENDER=inline: on this event loop). Outcomes are written in
 * batches. Everything it needs is in the store, so a restart — even after kill -9 — continues
 * where the last process stopped (claims not recorded expire and are sent again).
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { FeedBus } from '../engine/bus';
import type { Store } from '../store/db';
import {
  claimDue,
  recordOutcomes,
  releaseClaims,
  sendClaimed,
  type AttemptOptions,
  type Claimed,
  type Outcome,
  type PayloadCache,
} from './attempt';
import { attemptOptions, senderThread } from './dispatcher-setup';
import { enqueueStep, type FollowedPoints } from './outbox';
import type { SendThread } from './send-thread';
import type { SecretBox } from './secret-key';

/**
 * What the dispatcher needs from the running services (server/services.ts `Services` has all of
 * it): the config, the store, the bus that wakes it, the log, and the secrets' box (production).
 */
export interface DispatcherServices {
  config: Config;
  store: Store;
  bus: FeedBus;
  log: Logger;
  secrets?: SecretBox;
  /** The live follower's per-seq win-probability points (read instead of folding again; absent: the outbox folds). */
  livePoints?: FollowedPoints;
}

/**
 * New deliveries an enqueue step claims for one endpoint, counting what is queued for it already
 * (see `preclaimTarget`): 256 attempts of 1–30 ms each (a receiver on the same host or LAN) take
 * 0.3–7.7 s, within the default lease of 15 s (WEBHOOK_TIMEOUT_MS 10 s + 5 s).
 */
const PRECLAIM_PER_ENDPOINT = 256;

/** Message bodies kept in memory (the newest), so that claims read no payload from the store. */
class Payloads implements PayloadCache {
  private m = new Map<string, string>();
  constructor(private readonly max = 4096) {}
  get(id: string): string | undefined {
    return this.m.get(id);
  }
  set(id: string, payload: string): void {
    if (this.m.size >= this.max) this.m.delete(this.m.keys().next().value!);
    this.m.set(id, payload);
  }
}

export class WebhookDispatcher {
  /** Attempts in flight, at most one per endpoint. */
  private inFlight = new Set<Promise<unknown>>();
  /** Claimed deliveries not sent yet, per endpoint, in claim order (due time, seq). */
  private queues = new Map<string, Claimed[]>();
  private queued = 0;
  /** Endpoints with queued deliveries and no attempt in flight, in the order they became ready. */
  private ready: string[] = [];
  private sending = new Set<string>();
  private readonly payloads = new Payloads();
  /**
   * The store may hold due deliveries nobody claimed (unknown at start, a full claim, an enqueue
   * step without room, claims given back): new deliveries are then left to the next claim, which
   * takes them in order, instead of being claimed as they are written. `maybeBehind`: endpoints
   * the last claim skipped, the same for them alone.
   */
  private backlog = true;
  private maybeBehind = new Set<string>();
  /** Attempts sent but not yet recorded, and the running batch write. */
  private finished: Outcome[] = [];
  private flushing: Promise<void> | null = null;
  private createdSinceAnalyze = 0;
  private analyzedAt = 0;
  private pumping = false;
  private passDone: Promise<void> = Promise.resolve();
  /** The feed may hold seqs the outbox has not passed yet (set by the bus, at start and every 5 s). */
  private feedMoved = true;
  private feedCheckedAt = 0;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private offBus: (() => void) | null = null;
  readonly options: AttemptOptions;
  /** The sender thread (WEBHOOK_SENDER=thread), else attempts run on this event loop. */
  private readonly thread: SendThread | null;
  /** Outcomes since start, and claimed deliveries given back unsent (feed health, /metrics). */
  readonly counters = { delivered: 0, failed_attempts: 0, given_back: 0 };
  /** Called with each recorded attempt's duration in ms (request sent → answer or failure) and its outcome (/metrics). */
  onAttempt: ((latencyMs: number, ok: boolean) => void) | null = null;

  constructor(private readonly services: DispatcherServices) {
    this.options = attemptOptions(services.config, services.secrets);
    this.thread = senderThread(services.config, services.log);
  }

  /** Signs and sends `c` (in the sender thread when there is one). Rejects only when that thread died meanwhile. */
  private send(c: Claimed): Promise<Outcome> {
    if (!this.thread) return sendClaimed(c, this.options);
    let secret: string;
    try {
      secret = this.options.openSecret ? this.options.openSecret(c.secret) : c.secret;
    } catch {
      return sendClaimed(c, this.options); // records "signing secret unreadable" like any attempt
    }
    return this.thread.send(c, secret);
  }

  /** Claimed deliveries kept ready in memory: enough to keep every slot busy between claims. */
  private get target(): number {
    return Math.max(256, this.services.config.WEBHOOK_CONCURRENCY * 8);
  }

  /**
   * How many new deliveries may be held in memory when an enqueue step claims them as it writes
   * them: far more than a claim tops up, because claiming there costs nothing (the row is written
   * locked) while every claim statement costs a second write of each row — on PGlite a burst of
   * 10,000 deliveries spent a quarter of its time in claims (bench/webhooks.ts). 32,768 by default
   * (a burst of 20,000 claims nothing afterwards; ~10 MB of claimed deliveries at most). Per
   * endpoint at most PRECLAIM_PER_ENDPOINT are queued: one attempt at a time per endpoint, so a slow
   * endpoint's queue outlives its lease; what the lease cannot cover is given back before it is sent.
   */
  private get preclaimTarget(): number {
    return Math.max(this.target, this.services.config.WEBHOOK_CONCURRENCY * 512);
  }

  /** The claim lease: a send may take timeoutMs, plus a margin. */
  private get leaseMs(): number {
    return this.options.timeoutMs + 5000;
  }

  /** Starts following the bus and the retry clock; catches up on whatever the store holds. */
  start(): void {
    const offEvents = this.services.bus.subscribe(() => this.feedKick());
    const offOdds = this.services.bus.subscribeOdds(() => this.feedKick());
    this.offBus = () => {
      offEvents();
      offOdds();
    };
    this.timer = setInterval(() => this.kick(), 500);
    this.timer.unref();
    this.kick();
  }

  /** New seqs were committed: the next pass moves the outbox first. */
  private feedKick(): void {
    this.feedMoved = true;
    this.kick();
  }

  /** Asks for a pass soon (coalesced). */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    setImmediate(() => void this.pump());
  }

  private pump(): Promise<void> {
    this.passDone = this.pass();
    return this.passDone;
  }

  private async pass(): Promise<void> {
    try {
      do {
        this.again = false;
        // The enqueue step costs a transaction: run it only when the bus reported new seqs (and
        // every 5 s in case a wake-up was missed), not on every pass after an attempt finished.
        if (Date.now() - this.feedCheckedAt >= 5000) this.feedMoved = true;
        for (let more = this.feedMoved; more && !this.stopped; ) {
          this.feedMoved = false; // before reading the head: a commit meanwhile sets it again
          this.feedCheckedAt = Date.now();
          const room = this.stopped ? 0 : this.preclaimTarget - this.queued;
          const step = await enqueueStep(
            this.services.store,
            2000,
            {
              room,
              leaseUntil: Date.now() + this.leaseMs,
              mayClaim: (ep, taken) =>
                !this.backlog &&
                !this.maybeBehind.has(ep) &&
                (this.queues.get(ep)?.length ?? 0) + taken < PRECLAIM_PER_ENDPOINT,
            },
            this.services.livePoints,
          );
          more = step.more;
          this.createdSinceAnalyze += step.created;
          for (const m of step.messages) this.payloads.set(m.id, m.payload);
          if (step.claimed.length < step.created) this.backlog = true;
          this.take(step.claimed);
        }
        await this.analyzeIfGrown();
        await this.claim();
      } while (this.again && !this.stopped);
    } catch (err) {
      if (!this.stopped) this.services.log.error({ err }, 'webhook dispatcher pass failed');
    } finally {
      this.pumping = false;
    }
  }

  /**
   * Tops up the claimed deliveries in memory when they fell below half the target: one claim of
   * hundreds of rows, not one per finished attempt. Endpoints that already have a long queue here
   * are skipped, so that one endpoint's backlog does not fill the claim.
   */
  private async claim(): Promise<void> {
    if (this.stopped || this.queued >= this.target / 2) return;
    const perEndpoint = Math.max(8, Math.ceil(this.target / 16));
    const skip = [...this.queues].filter(([, q]) => q.length >= perEndpoint).map(([ep]) => ep);
    const limit = this.target - this.queued;
    const due = await claimDue(this.services.store, limit, this.leaseMs, Date.now(), {
      skipEndpoints: skip,
      payloads: this.payloads,
    });
    if (due.length === limit) {
      this.backlog = true;
      this.again = true; // more may be due
    } else {
      // Everything due was claimed, except perhaps the skipped endpoints' deliveries.
      this.backlog = false;
      this.maybeBehind = new Set(skip);
    }
    this.take(due);
  }

  /** Appends claimed deliveries to their endpoints' queues (in the order given) and starts what it can. */
  private take(claimed: Claimed[]): void {
    for (const c of claimed) {
      let q = this.queues.get(c.endpointId);
      if (!q) {
        this.queues.set(c.endpointId, (q = []));
        if (!this.sending.has(c.endpointId)) this.ready.push(c.endpointId);
      }
      q.push(c);
    }
    this.queued += claimed.length;
    this.dispatch();
  }

  /**
   * Starts attempts while slots are free: the next ready endpoint's oldest claimed delivery. One
   * attempt per endpoint at a time, so an endpoint receives its deliveries in claim order (first
   * attempts in feed order); different endpoints in parallel up to WEBHOOK_CONCURRENCY.
   */
  private dispatch(): void {
    const limit = this.services.config.WEBHOOK_CONCURRENCY;
    while (!this.stopped && this.inFlight.size < limit && this.ready.length) {
      const ep = this.ready.shift()!;
      const q = this.queues.get(ep);
      if (!q?.length) continue;
      const c = q.shift()!;
      this.queued -= 1;
      if (Date.now() + this.options.timeoutMs > c.leaseUntil) {
        // Too little of the claim left for a whole attempt: give this delivery and the rest of the
        // endpoint's queue back (kept in order; claimed again at once).
        this.queued += 1; // giveBack counts it again
        this.giveBack(ep, c);
        continue;
      }
      if (!q.length) this.queues.delete(ep);
      this.sending.add(ep);
      const p = this.send(c)
        .then(
          (o) => {
            this.finished.push(o);
            void this.flush();
            // 410 Gone disables the endpoint (and parks its deliveries) when recorded: send it nothing
            // more meanwhile, and leave the claims to expire (given back now, a claim could race the park).
            if (o.r.status === 410) this.giveBack(ep, undefined, false);
          },
          // The sender thread died with the attempt in it: nothing is recorded, so the endpoint's
          // claims here are dropped and expire — sent again, in order (at least once).
          () => this.giveBack(ep, undefined, false),
        )
        .finally(() => {
          this.inFlight.delete(p);
          this.sending.delete(ep);
          if (this.queues.get(ep)?.length) this.ready.push(ep);
          this.dispatch();
          if (this.queued < this.target / 2) this.kick();
        });
      this.inFlight.add(p);
    }
  }

  /**
   * Gives an endpoint's claimed, unsent deliveries back to the store (due again for any worker;
   * the next claim takes them in order), `taken` (already off the queue) first; with `release`
   * false they are only dropped from memory (their claims expire).
   */
  private giveBack(ep: string, taken?: Claimed, release = true): void {
    const back = [...(taken ? [taken] : []), ...(this.queues.get(ep) ?? [])];
    this.queues.delete(ep);
    this.queued -= back.length;
    if (!back.length || !release) return;
    this.counters.given_back += back.length;
    this.backlog = true;
    void releaseClaims(
      this.services.store,
      back.map((d) => d.id),
    ).catch((err) => this.services.log.error({ err }, 'webhook claims could not be released'));
    this.kick();
  }

  /**
   * Refreshes the planner's statistics of the outbox after it grew by 1,000+ deliveries (at most
   * every 30 s). Embedded PGlite has no autovacuum: without statistics the claim query sorts the
   * whole backlog (measured 140 ms per claim at 20,000 pending, 2 ms after ANALYZE).
   */
  private async analyzeIfGrown(): Promise<void> {
    if (this.createdSinceAnalyze < 1000 || Date.now() - this.analyzedAt < 30_000) return;
    this.createdSinceAnalyze = 0;
    this.analyzedAt = Date.now();
    await this.services.store.db.execute(sql`ANALYZE webhook_deliveries`);
  }

  /** Records finished attempts, batched: one statement (or transaction) for everything that finished meanwhile. */
  private async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = (async () => {
      // Let attempts finishing at about the same time join one write. Recording is off the
      // delivery path (the claim holds meanwhile), so a busy dispatcher waits longer for bigger writes.
      await new Promise((r) => setTimeout(r, this.inFlight.size > 8 ? 50 : 10));
      while (this.finished.length) {
        const batch = this.finished.splice(0, 2000);
        try {
          await recordOutcomes(this.services.store, batch, this.options);
          for (const o of batch) {
            if (o.r.ok) this.counters.delivered += 1;
            else this.counters.failed_attempts += 1;
            this.onAttempt?.(o.r.latencyMs, o.r.ok);
          }
        } catch (err) {
          // Not recorded: the claims expire and these deliveries are attempted again (at least once).
          if (!this.stopped)
            this.services.log.error({ err, deliveries: batch.length }, 'webhook attempts could not be recorded');
        }
      }
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Attempts in flight now. */
  get busy(): number {
    return this.inFlight.size;
  }

  /** Stops waking up, waits for attempts in flight (their outcome is recorded) and gives back the claims not sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.offBus?.();
    if (this.timer) clearInterval(this.timer);
    await this.passDone; // a running pass may still add claims to the queues
    await Promise.allSettled([...this.inFlight]);
    await this.flush();
    const left = [...this.queues.values()].flat().map((c) => c.id);
    this.queues.clear();
    this.ready = [];
    this.queued = 0;
    await releaseClaims(this.services.store, left).catch(() => undefined);
    await this.thread?.close().catch(() => undefined);
    await this.options.pool?.close().catch(() => undefined);
  }
}
