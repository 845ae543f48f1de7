/**
 * The connection half of ScorelineStream (stream.ts): one WebSocket at a time to /v1/ws with the
 * API key as a bearer token; pings every `pingEveryMs` and a drop when nothing arrived for
 * `staleAfterMs`; after a drop, a reconnect after exponential backoff with full jitter (at least
 * what the server's close code or refusal asks, close-codes.ts), or a stop for good with a
 * ScorelineStreamError; `close()` for good. What is said on the socket is the subclass's: it is
 * told when a connection opens, each text message, and each drop.
 */
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { backoffDelay } from './backoff';
import { decideAfterClose, decideAfterRefusal, type DropDecision } from './close-codes';
import type { ClientMessage } from './protocol';
import type { ScorelineStreamEvents, ScorelineStreamOptions, StreamState, WebSocketCtor, WsLike } from './stream-types';

const OPEN = 1;

/**
 * A reconnecting WebSocket to /v1/ws that emits `state` and, when it stops for good, `error`;
 * subclasses speak the protocol through the hooks below.
 */
export abstract class StreamConnection extends EventEmitter<ScorelineStreamEvents> {
  private urlSource: ScorelineStreamOptions['url'];
  private ws: WsLike | null = null;
  private current: StreamState = 'closed';
  private started = false;
  private stopped = false;
  private everOpened = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private staleTimer: NodeJS.Timeout | null = null;
  private closeWaiters: (() => void)[] = [];

  /** Nothing connects until `connect()`. */
  constructor(protected readonly opts: ScorelineStreamOptions) {
    super();
    this.urlSource = opts.url;
  }

  /** Connection state: 'connecting' | 'open' | 'reconnecting' | 'closed'. */
  get state(): StreamState {
    return this.current;
  }

  /** The current underlying socket (a `ws` WebSocket by default), or null between connections. For advanced use and tests. */
  get socket(): WsLike | null {
    return this.ws;
  }

  /** Replaces the URL (or URL function) used from the next connect attempt on, e.g. after the server moved. */
  setUrl(url: ScorelineStreamOptions['url']): void {
    this.urlSource = url;
  }

  /** Starts connecting (idempotent); attach listeners (at least 'error') first. Errors: throws Error after `close()`. */
  connect(): this {
    if (this.stopped) throw new Error('ScorelineStream was closed; create a new one');
    if (this.started) return this;
    this.started = true;
    void this.open();
    return this;
  }

  /** Closes for good (close code 1000) and stops reconnecting; resolves once the socket is closed. */
  close(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const ws = this.ws;
    if (!ws) {
      this.setState('closed');
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.closeWaiters.push(resolve);
      const force = setTimeout(() => ws.terminate(), 5_000);
      this.closeWaiters.push(() => clearTimeout(force));
      ws.close(1000, 'client closed');
    });
  }

  /** A connection opened (`reconnect`: not the first one): say what the server needs. The state becomes 'open' after it. */
  protected abstract onConnected(reconnect: boolean): void;

  /** One text message arrived (the stale timer was already refreshed). */
  protected abstract onText(text: string): void;

  /** The connection dropped (or was closed): forget what was in flight on it. */
  protected abstract onDropped(): void;

  /** Asked at every ping: true drops the connection (e.g. a resume that made no progress for `afterMs`). */
  protected abstract stalled(afterMs: number): boolean;

  /** Sends `msg` as JSON; false (nothing sent) when no connection is open. */
  protected send(msg: ClientMessage): boolean {
    if (this.ws?.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** True while a connection is open. */
  protected isOpen(): boolean {
    return this.ws?.readyState === OPEN;
  }

  /** Drops the current connection (a reconnect follows, after a backoff). */
  protected drop(): void {
    this.ws?.terminate();
  }

  /** The server answered usefully: the next drop starts backing off from scratch. */
  protected resetBackoff(): void {
    this.attempt = 0;
  }

  private setState(s: StreamState): void {
    if (s === this.current) return;
    this.current = s;
    this.emit('state', s);
  }

  private async open(): Promise<void> {
    this.retryTimer = null;
    this.setState(this.everOpened ? 'reconnecting' : 'connecting');
    let ws: WsLike;
    try {
      const url = typeof this.urlSource === 'function' ? await this.urlSource() : this.urlSource;
      if (this.stopped || this.ws) return;
      const Impl = this.opts.WebSocketImpl ?? (WebSocket as unknown as WebSocketCtor);
      ws = new Impl(url, {
        headers: { authorization: `Bearer ${this.opts.apiKey}` },
        handshakeTimeout: this.opts.staleAfterMs ?? 45_000,
      });
    } catch {
      return this.scheduleReconnect({ minDelayMs: 0 });
    }
    this.ws = ws;
    let refusal: { status: number; retryAfter: string | null } | null = null;
    ws.on('open', () => this.ws === ws && this.opened());
    ws.on('message', (data: unknown, isBinary?: boolean) => this.ws === ws && !isBinary && this.received(String(data)));
    ws.on('ping', () => this.ws === ws && this.touch());
    ws.on('pong', () => this.ws === ws && this.touch());
    ws.on(
      'unexpected-response',
      (
        _req: unknown,
        res: { statusCode?: number; headers: Record<string, string | string[] | undefined>; resume(): void },
      ) => {
        const ra = res.headers['retry-after'];
        refusal = { status: res.statusCode ?? 0, retryAfter: Array.isArray(ra) ? ra[0] : (ra ?? null) };
        res.resume();
        ws.terminate();
      },
    );
    ws.on('error', () => undefined); // a 'close' always follows
    ws.on('close', (code: number, reason: unknown) => {
      if (this.ws !== ws) return;
      this.onClosed(
        refusal ? decideAfterRefusal(refusal.status, refusal.retryAfter) : decideAfterClose(code, String(reason ?? '')),
      );
    });
  }

  private opened(): void {
    const reconnect = this.everOpened;
    this.everOpened = true;
    this.startTimers();
    this.onConnected(reconnect);
    this.setState('open');
  }

  private received(text: string): void {
    this.touch();
    this.onText(text);
  }

  private touch(): void {
    this.staleTimer?.refresh();
  }

  private startTimers(): void {
    this.stopTimers();
    const ws = this.ws;
    const staleAfterMs = this.opts.staleAfterMs ?? 45_000;
    this.staleTimer = setTimeout(() => {
      if (this.ws === ws) ws?.terminate(); // half-open: nothing arrived for staleAfterMs
    }, staleAfterMs);
    this.pingTimer = setInterval(() => {
      if (this.stalled(staleAfterMs)) return void ws?.terminate();
      this.send({ type: 'ping' });
    }, this.opts.pingEveryMs ?? 20_000);
  }

  private stopTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.pingTimer = this.staleTimer = null;
  }

  private onClosed(decision: DropDecision): void {
    this.ws = null;
    this.stopTimers();
    this.onDropped();
    if (this.stopped) {
      this.setState('closed');
      const waiters = this.closeWaiters;
      this.closeWaiters = [];
      for (const w of waiters) w();
      return;
    }
    if (!decision.reconnect) {
      this.stopped = true;
      this.setState('closed');
      this.emit('error', decision.error);
      return;
    }
    this.scheduleReconnect(decision);
  }

  private scheduleReconnect(decision: { minDelayMs: number }): void {
    this.ws = null;
    if (this.stopped) return this.setState('closed');
    this.setState('reconnecting');
    const delay = Math.max(decision.minDelayMs, backoffDelay(this.attempt++, this.opts.backoff));
    this.retryTimer = setTimeout(() => void this.open(), delay);
  }
}
