/**
 * One accepted /v1/ws connection: its subscriptions, a bounded send path, and the client
 * messages of lib/wire/ws.ts handled one at a time (docs/websocket.md).
 *
 * While a subscribe or resume is being answered, live messages for this connection are held
 * back and sent after the answer, skipping what the answer already covered: every message is
 * sent at most once and a connection sees seqs in increasing order.
 */
import { leagueExists } from '../store/queries/filters';
import type { WebSocket } from 'ws';
import {
  ClientMessageSchema,
  WS_CLOSE,
  WS_MAX_INVALID_STREAK,
  type WS_STREAK_ERROR_CODES,
  type WsSubscription,
} from '@/lib/wire/ws';
import type { GatewayServices } from './gateway-services';
import { sendShared, type SharedFrame } from './frame';
import { planResume, replayPages } from './resume';
import { snapshotOf } from './snapshot';
import { scopeOf, toSub, wireOf, type Sub } from './subscriptions';

/** Subscriptions per connection. */
export const MAX_SUBSCRIPTIONS = 100;

interface Held {
  seq: number;
  fixtureId: number;
  msg: SharedFrame;
}

export class Connection {
  readonly subs = new Map<string, Sub>();
  /** Answered the last heartbeat ping. */
  alive = true;
  /** Called with the code of each close the server starts (4000–4003, 1011; not the client's closes). */
  onServerClose: ((code: number) => void) | null = null;
  private held: Held[] | null = null;
  private heldBytes = 0;
  private queue: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private invalidStreak = 0;
  private closing = false;

  constructor(
    readonly ws: WebSocket,
    private readonly services: GatewayServices,
    /** The API key the connection authenticated with (checked again on every heartbeat); null for viewer / sandbox. */
    readonly keyToken: string | null,
  ) {
    this.armIdle();
  }

  private get limit(): number {
    return this.services.config.WS_SEND_BUFFER_BYTES;
  }

  /** Sends a message object (JSON). */
  sendJson(msg: object): void {
    this.sendRaw(
      this.services.environment === 'sandbox' ? JSON.stringify({ ...msg, sandbox: true }) : JSON.stringify(msg),
    );
  }

  /** Sends a serialized message unless the connection is closing; past the send-buffer limit it closes with 4002 instead. */
  sendRaw(payload: string): void {
    if (this.room(payload.length)) this.ws.send(payload);
  }

  /** Whether `bytes` more may be sent: false while closing, and past the send-buffer limit (after closing with 4002). */
  private room(bytes: number): boolean {
    if (this.closing || this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount + bytes <= this.limit) return true;
    this.close(WS_CLOSE.slow_consumer, 'slow consumer: send buffer full');
    return false;
  }

  /**
   * Sends a message framed once for many connections (server/ws/frame.ts) unless the connection is
   * closing; past the send-buffer limit it closes with 4002 instead, like `sendRaw`.
   */
  private sendFrame(msg: SharedFrame): void {
    if (this.room(msg.frame.length)) sendShared(this.ws, msg);
  }

  /** A live message (framed once by the gateway for every subscriber): sent now, or held while an answer is being prepared. */
  deliver(seq: number, fixtureId: number, msg: SharedFrame): void {
    if (!this.held) return this.sendFrame(msg);
    this.held.push({ seq, fixtureId, msg });
    this.heldBytes += msg.frame.length;
    if (this.heldBytes > this.limit) this.close(WS_CLOSE.slow_consumer, 'slow consumer: too many messages waiting');
  }

  /**
   * Closes with `code`; a client that does not complete the closing handshake is dropped after
   * 2 s — after WS_HEARTBEAT_S (at least 2 s) for a slow consumer (4002), whose close frame waits
   * behind the messages already buffered, so a client that is still reading gets to see it.
   */
  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.onServerClose?.(code);
    this.held = null;
    if (code >= 4000 || code === 1011)
      this.services.log.warn({ code, reason, buffered: this.ws.bufferedAmount }, 'websocket closed by the server');
    this.ws.close(code, reason);
    const graceMs = code === WS_CLOSE.slow_consumer ? Math.max(2, this.services.config.WS_HEARTBEAT_S) * 1000 : 2000;
    setTimeout(() => this.ws.terminate(), graceMs).unref();
  }

  /**
   * A frame the ws library refused (over 16 KiB, malformed): ws already sent the close frame with
   * its code (1009, 1002 or 1007) and drains the rest of the frame; the connection stops sending and
   * is dropped 2 s later if the client does not complete the closing handshake.
   */
  refused(): void {
    if (this.closing) return;
    this.closing = true;
    this.held = null;
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  /**
   * One heartbeat (the gateway calls it every WS_HEARTBEAT_S): a connection that answered the
   * last ping is pinged again. One that did not is dropped (1006) when nothing is waiting to be
   * sent to it; when messages are waiting, the ping is stuck behind them because the client reads
   * too slowly, and it is closed with 4002 and its reason instead (docs/websocket.md).
   */
  heartbeat(): void {
    if (this.closing) return;
    if (!this.alive) {
      if (this.ws.bufferedAmount > 0)
        return this.close(WS_CLOSE.slow_consumer, 'slow consumer: ping unanswered behind unread messages');
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
  }

  /** Stops timers (the socket closed). */
  dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.closing = true;
    this.held = null;
  }

  /** Queues a client message; messages are handled one at a time, in order. */
  receive(text: string | null): void {
    this.queue = this.queue
      .then(() => this.handle(text))
      .catch((err) => {
        // A subscribe or resume that failed half-way (store unreachable) must not leave the client
        // with a gap: drop what was held and close (1011); the client reconnects and resumes.
        this.services.log.error({ err }, 'websocket message failed');
        this.sendJson({
          type: 'error',
          code: 'unavailable',
          message: 'The server could not answer this message; reconnect and resume.',
        });
        this.close(WS_CLOSE.internal_error, 'internal error: reconnect and resume');
      });
  }

  /** Answers a malformed message with `error`; WS_MAX_INVALID_STREAK of them in a row close with 4003. */
  private invalid(code: (typeof WS_STREAK_ERROR_CODES)[number], message: string): void {
    this.sendJson({ type: 'error', code, message });
    if (++this.invalidStreak >= WS_MAX_INVALID_STREAK) this.close(WS_CLOSE.protocol_error, 'too many invalid messages');
  }

  private async handle(text: string | null): Promise<void> {
    let raw: unknown;
    try {
      raw = text == null ? undefined : JSON.parse(text);
    } catch {
      return this.invalid('invalid_json', 'Messages must be JSON objects.');
    }
    const parsed = ClientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ');
      return this.invalid('invalid_message', detail);
    }
    const msg = parsed.data;
    if ('type' in msg && msg.type === 'ping') {
      this.invalidStreak = 0;
      return this.sendJson({ type: 'pong', seq: this.services.live.lastSeq });
    }
    if ('type' in msg && msg.type === 'resume') return this.resume(msg.last_seq, msg.subscriptions);
    const sub = toSub(msg as WsSubscription);
    if (!sub) return this.invalid('unknown_channel', `Unknown channel "${(msg as WsSubscription).channel}".`);
    // The same answer as REST's 404 league_not_found (issue 19): nothing is subscribed.
    if (sub.league && !(await leagueExists(this.services.store.db, sub.sport, sub.league))) {
      return this.invalid(
        'league_not_found',
        `No ${sub.sport} league "${sub.league}". GET /v1/${sub.sport}/leagues lists them.`,
      );
    }
    if ('type' in msg && msg.type === 'unsubscribe') {
      this.invalidStreak = 0;
      this.subs.delete(sub.key);
      this.armIdle();
      return this.sendJson({ type: 'unsubscribed', ...scopeOf(sub) });
    }
    return this.subscribe(sub);
  }

  private async subscribe(sub: Sub): Promise<void> {
    if (this.subs.size >= MAX_SUBSCRIPTIONS && !this.subs.has(sub.key)) {
      return this.invalid('too_many_subscriptions', `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection.`);
    }
    this.invalidStreak = 0;
    this.hold();
    const head = this.services.live.lastSeq;
    this.subs.set(sub.key, sub);
    this.armIdle();
    const snap = await snapshotOf(this.services, sub);
    this.sendJson({ type: 'subscribed', ...scopeOf(sub), seq: head, ...(snap ? { snapshot: snap.matches } : {}) });
    this.release((h) => !(snap?.fromStore.has(h.fixtureId) && h.seq <= snap.fromStore.get(h.fixtureId)!));
  }

  private async resume(lastSeq: number, wanted: WsSubscription[]): Promise<void> {
    const subs: Sub[] = [];
    for (const w of wanted) {
      const s = toSub(w);
      if (!s) return this.invalid('unknown_channel', `Unknown channel "${w.channel}".`);
      if (!subs.some((x) => x.key === s.key)) subs.push(s);
    }
    this.invalidStreak = 0;
    // A seq seen on another process of a cluster: wait (≤ 2 s) until this one has published it too.
    if (lastSeq > this.services.live.lastSeq) await this.services.cluster?.follower.reach(lastSeq);
    this.hold();
    const head = this.services.live.lastSeq;
    this.subs.clear();
    for (const s of subs) this.subs.set(s.key, s);
    this.armIdle();
    const plan = await planResume(this.services, lastSeq, head);
    if (plan.kind === 'replay') {
      // Streamed from the log a page at a time, at the pace the client reads: the next page is
      // read only once the socket's buffer is below half the limit (backpressure), so a resume
      // holds one page plus WS_SEND_BUFFER_BYTES, however far back it reaches.
      let replayed = 0;
      for await (const page of replayPages(this.services, lastSeq, subs, head)) {
        for (const m of page) {
          if (this.ws.bufferedAmount > this.limit / 2) await this.drained();
          if (this.closing) return;
          this.sendRaw(m.payload);
          replayed++;
        }
      }
      this.sendJson({ type: 'resumed', last_seq: lastSeq, seq: head, replayed, subscriptions: subs.map(wireOf) });
      return this.release((h) => h.seq > head);
    }
    const out = [];
    const fromStore = new Map<number, number>();
    for (const s of subs) {
      const snap = await snapshotOf(this.services, s);
      for (const [f, q] of snap?.fromStore ?? []) fromStore.set(f, q);
      out.push({ ...scopeOf(s), ...(snap ? { snapshot: snap.matches } : {}) });
    }
    this.sendJson({ type: 'resync', reason: plan.reason, last_seq: lastSeq, seq: head, subscriptions: out });
    this.release((h) => h.seq > head && !(fromStore.has(h.fixtureId) && h.seq <= fromStore.get(h.fixtureId)!));
  }

  /** Waits until the socket's send buffer is below half the limit (the client is reading), at most 30 s. */
  private async drained(): Promise<void> {
    const until = Date.now() + 30_000;
    while (!this.closing && this.ws.readyState === this.ws.OPEN && this.ws.bufferedAmount > this.limit / 2) {
      if (Date.now() > until) return this.close(WS_CLOSE.slow_consumer, 'slow consumer: resume not read');
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private hold(): void {
    this.held ??= [];
  }

  /** Sends the held messages `keep` accepts, in order, and stops holding. */
  private release(keep: (h: Held) => boolean): void {
    const held = this.held;
    this.held = null;
    this.heldBytes = 0;
    for (const h of held ?? []) if (keep(h)) this.sendFrame(h.msg);
  }

  /** Closes the connection (4000) if it stays without subscriptions for WS_IDLE_TIMEOUT_S. */
  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.subs.size) return;
    this.idleTimer = setTimeout(
      () => this.close(WS_CLOSE.idle_timeout, 'idle: no subscription'),
      this.services.config.WS_IDLE_TIMEOUT_S * 1000,
    );
    this.idleTimer.unref();
  }
}
