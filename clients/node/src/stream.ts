/**
 * A live stream of /v1/ws (docs/websocket.md) that survives drops without gaps or duplicates.
 *
 * First connect: one `subscribe` per subscription, a `snapshot` event per `subscribed`. After any
 * drop (close, error, or nothing received for `staleAfterMs` despite pings every `pingEveryMs`) it
 * reconnects with exponential backoff and full jitter and sends ONE `resume` from `lastSeq` with
 * every current subscription; the server replays what was missed then says `resumed`, or answers
 * `resync` with fresh snapshots. `update`/`odds` with seq <= lastSeq are never delivered twice.
 *
 * This file is the protocol (subscriptions, snapshots, resume, dedupe); the socket, its pings and
 * the reconnects are stream-connection.ts's.
 */
import type {
  ClientMessage,
  ErrorMessage,
  OddsMessage,
  ResumedMessage,
  ResyncMessage,
  ServerMessage,
  UpdateMessage,
  WinProbabilityMessage,
  WsSubscription,
} from './protocol';
import { SeqTracker } from './sequencer';
import { StreamConnection } from './stream-connection';
import type { GapEvent, ScorelineStreamOptions, StreamStats } from './stream-types';
import { buildResumeMessage, MAX_RESUME_SUBSCRIPTIONS, normalizeSubscription, subscriptionKey } from './subscriptions';

/**
 * A reconnecting, resuming live stream of /v1/ws (docs/websocket.md). Events (ScorelineStreamEvents):
 * `state`, `welcome`, `snapshot` {subscription, matches, seq}, `update`, `odds`, `winProbability`
 * (`<sport>.win-probability` points, once per fixture and seq), `resumed`, `resync`
 * {reason, lastSeq, seq, snapshots}, `unsubscribed`, `gap`, `serverError`, `message` (every parsed
 * server message, before dedupe) and `error` (ScorelineStreamError: the stream stopped for good —
 * attach a listener, an unhandled 'error' throws). Call `connect()` after attaching listeners.
 */
export class ScorelineStream extends StreamConnection {
  /** Counters since creation (see StreamStats). */
  readonly stats: StreamStats = { reconnects: 0, resumed: 0, resyncs: 0, duplicatesDropped: 0, replayed: 0, gaps: 0 };
  private readonly subs = new Map<string, WsSubscription>();
  /** Subscriptions the server has given a snapshot for (subscribed / resync): these are resumed. */
  private readonly established = new Set<string>();
  private readonly seqs = new SeqTracker();
  /** The last `win_probability` seq delivered per fixture (at most 1000 fixtures kept). */
  private readonly winProbabilitySeqs = new Map<number, number>();
  /** 'resuming' from sending `resume` until `resumed`/`resync`: subscription changes wait in `queue`. */
  private phase: 'live' | 'resuming' = 'live';
  private queue: ClientMessage[] = [];
  private resumeFrom = 0;
  /** Live (not replayed) messages that arrived before `resumed`/`resync`: judged once the resume is settled. */
  private early: (UpdateMessage | OddsMessage)[] = [];
  /** When the resume was sent or the last replayed message arrived (ms since epoch). */
  private resumeProgressAt = 0;
  private replayedSeen = 0;
  /** The seq of the current connection's `welcome` (the server's feed position at connect). */
  private welcomeSeq: number | null = null;

  /** Creates the stream; nothing connects until `connect()`. */
  constructor(opts: ScorelineStreamOptions) {
    super(opts);
    for (const s of opts.subscriptions ?? []) this.subs.set(subscriptionKey(s), normalizeSubscription(s));
  }

  /** Highest seq delivered (or the seq the snapshots/resume were as of); null before any welcome. */
  get lastSeq(): number | null {
    return this.seqs.lastSeq;
  }

  /** The subscriptions held (sent on connect, resumed after reconnects). */
  get subscriptions(): WsSubscription[] {
    return [...this.subs.values()];
  }

  /** Adds a subscription: sent at once when open, remembered for reconnects (resumed once its snapshot arrived). No-op if held. */
  subscribe(sub: WsSubscription): void {
    const key = subscriptionKey(sub);
    if (this.subs.has(key)) return;
    const s = normalizeSubscription(sub);
    this.subs.set(key, s);
    this.sendOrQueue({ type: 'subscribe', ...s });
  }

  /** Removes a subscription (unsubscribes at once when open); unknown ones are ignored. */
  unsubscribe(sub: WsSubscription): void {
    const key = subscriptionKey(sub);
    if (!this.subs.delete(key)) return;
    this.established.delete(key);
    this.sendOrQueue({ type: 'unsubscribe', ...normalizeSubscription(sub) });
  }

  private sendOrQueue(msg: ClientMessage): void {
    if (this.phase === 'resuming' && this.isOpen()) this.queue.push(msg);
    else this.send(msg); // not open: the next connect sends the subscriptions
  }

  /** A connection opened: a reconnect resumes the established subscriptions from lastSeq (the rest wait for `resumed`), a first connect subscribes. */
  protected onConnected(reconnect: boolean): void {
    if (reconnect) this.stats.reconnects++;
    this.phase = 'live';
    this.queue = [];
    this.early = [];
    const lastSeq = this.seqs.lastSeq;
    const all = [...this.subs.entries()];
    const resumable = all.filter(([k]) => this.established.has(k)).slice(0, MAX_RESUME_SUBSCRIPTIONS);
    if (reconnect && lastSeq !== null && resumable.length) {
      this.phase = 'resuming';
      this.resumeFrom = lastSeq;
      this.replayedSeen = 0;
      this.resumeProgressAt = Date.now();
      this.send(
        buildResumeMessage(
          lastSeq,
          resumable.map(([, s]) => s),
        ),
      );
      const resumed = new Set(resumable.map(([k]) => k));
      for (const [k, s] of all) if (!resumed.has(k)) this.queue.push({ type: 'subscribe', ...s });
    } else {
      for (const [, s] of all) this.send({ type: 'subscribe', ...s });
    }
  }

  /** One text message: parsed, emitted as `message`, then handled by type (anything unparsable is ignored). */
  protected onText(text: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (!msg || typeof msg.type !== 'string') return;
    this.emit('message', msg);
    this.handle(msg);
  }

  private handle(msg: ServerMessage): void {
    switch (msg.type) {
      case 'welcome':
        if (!this.subs.size) this.resetBackoff(); // nothing to wait for: the connection is useful as it is
        if (this.seqs.lastSeq === null) this.seqs.anchor(msg.seq);
        this.welcomeSeq = msg.seq;
        return void this.emit('welcome', msg);
      case 'subscribed': {
        this.resetBackoff(); // the server answers: the next drop starts backing off from scratch
        const key = subscriptionKey(msg);
        if (this.subs.has(key)) this.established.add(key);
        this.seqs.anchor(msg.seq);
        return void this.emit('snapshot', {
          subscription: normalizeSubscription(msg),
          matches: msg.snapshot ?? [],
          seq: msg.seq,
        });
      }
      case 'unsubscribed':
        return void this.emit('unsubscribed', normalizeSubscription(msg));
      case 'update':
      case 'odds':
        return this.onData(msg);
      case 'win_probability':
        return this.onWinProbability(msg);
      case 'resumed':
        return this.onResumed(msg);
      case 'resync':
        return this.onResync(msg);
      case 'error':
        return this.onServerError(msg);
      default:
        return; // pong, and types added later
    }
  }

  private onData(msg: UpdateMessage | OddsMessage): void {
    if (this.phase === 'resuming') {
      if (!msg.replayed) return void this.early.push(msg); // must not advance lastSeq before the replay is complete
      this.replayedSeen++;
      this.resumeProgressAt = Date.now();
    }
    const verdict = this.seqs.offer(msg.seq);
    if (verdict === 'duplicate') {
      this.stats.duplicatesDropped++;
      return;
    }
    if (verdict === 'out_of_order') {
      return this.gap({
        reason: 'out_of_order',
        lastSeq: this.seqs.lastSeq,
        seq: msg.seq,
        detail: `${msg.type} seq ${msg.seq} arrived after seq ${this.seqs.lastSeq} and was dropped`,
      });
    }
    if (msg.replayed) this.stats.replayed++;
    if (msg.type === 'update') this.emit('update', msg);
    else this.emit('odds', msg);
  }

  /** A win-probability point: delivered once per fixture and seq (a resume may send one again). */
  private onWinProbability(msg: WinProbabilityMessage): void {
    if (msg.seq <= (this.winProbabilitySeqs.get(msg.fixture_id) ?? 0)) {
      this.stats.duplicatesDropped++;
      return;
    }
    this.winProbabilitySeqs.set(msg.fixture_id, msg.seq);
    if (this.winProbabilitySeqs.size > 1000)
      this.winProbabilitySeqs.delete(this.winProbabilitySeqs.keys().next().value!);
    this.emit('winProbability', msg);
  }

  private onResumed(msg: ResumedMessage): void {
    const wasResuming = this.phase === 'resuming';
    this.phase = 'live';
    this.resetBackoff();
    this.stats.resumed++;
    if (wasResuming && msg.last_seq !== this.resumeFrom) {
      this.gap({
        reason: 'resume_incomplete',
        lastSeq: this.resumeFrom,
        detail: `resume asked from ${this.resumeFrom}, server resumed from ${msg.last_seq}`,
      });
    } else if (wasResuming && this.replayedSeen < msg.replayed) {
      this.gap({
        reason: 'resume_incomplete',
        lastSeq: this.resumeFrom,
        detail: `server replayed ${msg.replayed} messages, ${this.replayedSeen} arrived`,
      });
    }
    this.seqs.advanceTo(msg.seq);
    this.emit('resumed', msg);
    this.settleResume();
  }

  private onResync(msg: ResyncMessage): void {
    this.phase = 'live';
    this.resetBackoff();
    this.stats.resyncs++;
    this.seqs.reset(msg.seq);
    const snapshots = msg.subscriptions.map((s) => {
      const key = subscriptionKey(s);
      if (this.subs.has(key)) this.established.add(key);
      return { subscription: normalizeSubscription(s), matches: s.snapshot ?? [], seq: msg.seq };
    });
    this.emit('resync', { reason: msg.reason, lastSeq: msg.last_seq, seq: msg.seq, snapshots });
    this.settleResume();
  }

  private onServerError(msg: ErrorMessage): void {
    this.emit('serverError', msg);
    if (this.phase !== 'resuming') {
      // A subscribe the server could not answer: reconnect (with backoff) to get its snapshot.
      const pending = [...this.subs.keys()].some((k) => !this.established.has(k));
      if (msg.code === 'unavailable' && pending) this.drop();
      return;
    }
    // Only `resume` was sent while resuming, so this error answers it.
    if (msg.code === 'unavailable') {
      this.early = []; // live messages past a replay that never came: the next resume covers them
      this.drop(); // try again after a backoff
      return;
    }
    // A server without resume: start again from fresh snapshots, and say what may be missing.
    this.phase = 'live';
    this.queue = [];
    const last = this.seqs.lastSeq;
    if (this.welcomeSeq !== last) {
      this.gap({
        reason: 'resume_rejected',
        lastSeq: last,
        detail: `resume refused (${msg.code}: ${msg.message}); resubscribed with fresh snapshots`,
      });
    }
    if (this.welcomeSeq !== null && last !== null && this.welcomeSeq < last) this.seqs.reset(this.welcomeSeq); // the server's feed went back
    this.established.clear();
    for (const s of this.subs.values()) this.send({ type: 'subscribe', ...s });
    this.settleResume();
  }

  private gap(g: GapEvent): void {
    this.stats.gaps++;
    this.emit('gap', g);
  }

  /** After `resumed` / `resync` / a refused resume: judges the live messages that arrived early, then sends the queued subscription changes. */
  private settleResume(): void {
    const early = this.early;
    this.early = [];
    for (const m of early) this.onData(m);
    const q = this.queue;
    this.queue = [];
    for (const m of q) this.send(m);
  }

  /** A resume that stopped making progress (no replayed message, no `resumed` for `afterMs`): start over. */
  protected stalled(afterMs: number): boolean {
    return this.phase === 'resuming' && Date.now() - this.resumeProgressAt > afterMs;
  }

  /** The connection dropped: nothing queued or early survives it (the next connect resends the subscriptions). */
  protected onDropped(): void {
    this.phase = 'live';
    this.queue = [];
    this.early = [];
  }
}
