/**
 * One live connection to /v1/ws that survives drops (docs/websocket.md, docs/dashboard.md).
 *
 * - Subscribes to its channels on every (re)connect; the server answers each with `subscribed`
 *   and a fresh snapshot, so state is whole again after a drop.
 * - Reconnects with exponential backoff and full jitter (browser/live/backoff.ts); immediately when the
 *   browser comes back online.
 * - Detects half-open sockets: sends an application `ping` every `pingEveryMs` and reconnects when
 *   nothing at all arrives for `staleAfterMs`.
 * - Calls `onReconnected` after a reconnect, so callers refetch what REST had cached.
 * - Channels can be added and removed while it runs (`addSubscription` / `removeSubscription`):
 *   on-demand channels such as `<sport>.odds` are then resubscribed after reconnects like the rest.
 *
 * Works in browsers (global WebSocket) and in Node given a WebSocket implementation.
 */
import { reconnectDelay, type BackoffOptions } from './backoff';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** A server message (docs/websocket.md); `type` discriminates. */
export interface ServerMessage {
  type: string;
  [k: string]: unknown;
}

export interface Subscription {
  channel: string;
  league?: string;
}

type WsLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
};

export interface LiveConnectionOptions {
  /** ws:// or wss:// URL of /v1/ws. */
  url: string;
  subscriptions: Subscription[];
  onMessage(msg: ServerMessage): void;
  onState?(state: ConnectionState, info: { attempt: number; reconnects: number }): void;
  /** After a reconnect's socket opened (not after the first connect). */
  onReconnected?(): void;
  /** Awaited before each reconnect attempt (e.g. renewing a session cookie); its errors are ignored. */
  beforeReconnect?(): Promise<unknown>;
  backoff?: BackoffOptions;
  /** Application ping interval in ms (default 20 000). */
  pingEveryMs?: number;
  /** Reconnect when nothing arrived for this long, in ms (default 45 000). */
  staleAfterMs?: number;
  /** WebSocket constructor (default: the global one). */
  WebSocketImpl?: new (
    url: string,
  ) => WsLike;
}

const sameSub = (a: Subscription, b: Subscription) =>
  a.channel === b.channel && (a.league ?? null) === (b.league ?? null);

export class LiveConnection {
  private ws: WsLike | null = null;
  private attempt = 0;
  private reconnects = 0;
  private everOpened = false;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;
  /** Current subscriptions, sent on every (re)connect. */
  private readonly subs: Subscription[];
  private readonly onOnline = () => {
    if (this.ws == null && !this.stopped) this.connectNow();
  };

  constructor(private readonly opts: LiveConnectionOptions) {
    this.subs = [...opts.subscriptions];
  }

  /** Adds a subscription: sent at once when open, and on every reconnect. Adding one twice is a no-op. */
  addSubscription(sub: Subscription): void {
    if (this.subs.some((s) => sameSub(s, sub))) return;
    this.subs.push(sub);
    this.send({ type: 'subscribe', ...sub });
  }

  /** Removes a subscription (unsubscribes at once when open); unknown ones are ignored. */
  removeSubscription(sub: Subscription): void {
    const i = this.subs.findIndex((s) => sameSub(s, sub));
    if (i < 0) return;
    this.subs.splice(i, 1);
    this.send({ type: 'unsubscribe', ...sub });
  }

  /** Opens the connection (idempotent). */
  start(): void {
    this.stopped = false;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    if (!this.ws && !this.retryTimer) this.connectNow();
  }

  /** Closes for good (1000) and stops reconnecting. */
  stop(): void {
    this.stopped = true;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, 'client stopped');
    this.setState('closed');
  }

  /** Sends a message when open; returns whether it was sent. */
  send(msg: object): boolean {
    if (this.ws?.readyState !== 1) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  private setState(s: ConnectionState): void {
    this.opts.onState?.(s, { attempt: this.attempt, reconnects: this.reconnects });
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private connectNow(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const Impl = this.opts.WebSocketImpl ?? (globalThis.WebSocket as unknown as new (url: string) => WsLike);
    this.setState(this.everOpened ? 'reconnecting' : 'connecting');
    let ws: WsLike;
    try {
      ws = new Impl(this.opts.url);
    } catch {
      return this.scheduleReconnect();
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      const wasReconnect = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.lastMessageAt = Date.now();
      for (const s of this.subs) ws.send(JSON.stringify({ type: 'subscribe', ...s }));
      this.startPinging(ws);
      if (wasReconnect) this.reconnects++;
      this.setState('open');
      if (wasReconnect) this.opts.onReconnected?.();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.lastMessageAt = Date.now();
      if (typeof ev.data !== 'string') return;
      let msg: ServerMessage;
      try {
        msg = JSON.parse(ev.data) as ServerMessage;
      } catch {
        return;
      }
      if (msg && typeof msg.type === 'string') this.opts.onMessage(msg);
    };
    ws.onerror = () => undefined; // a close always follows
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = null;
      if (!this.stopped) this.scheduleReconnect();
    };
  }

  private startPinging(ws: WsLike): void {
    const every = this.opts.pingEveryMs ?? 20_000;
    const stale = this.opts.staleAfterMs ?? 45_000;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.ws !== ws) return;
      if (Date.now() - this.lastMessageAt > stale) {
        ws.onclose?.({ code: 4000, reason: 'stale' });
        try {
          ws.close(4000, 'no data');
        } catch {
          /* already closing */
        }
        return;
      }
      if (ws.readyState === 1) ws.send('{"type":"ping"}');
    }, every);
  }

  private scheduleReconnect(): void {
    this.ws = null;
    this.setState('reconnecting');
    const delay = reconnectDelay(this.attempt++, this.opts.backoff);
    this.retryTimer = setTimeout(() => {
      const before = this.opts.beforeReconnect?.().catch(() => undefined) ?? Promise.resolve();
      void before.then(() => {
        if (!this.stopped && !this.ws) this.connectNow();
      });
    }, delay);
  }
}
