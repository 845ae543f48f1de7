/** Options, events and statistics of `ScorelineStream` (stream.ts). */
import type { BackoffOptions } from './backoff';
import type { ScorelineStreamError } from './errors';
import type {
  ErrorMessage,
  LiveMatch,
  OddsMessage,
  ResumedMessage,
  ResyncMessage,
  ServerMessage,
  UpdateMessage,
  WelcomeMessage,
  WinProbabilityMessage,
  WsSubscription,
} from './protocol';

/** The minimal WebSocket the stream needs: the `ws` package's client API. */
export interface WsLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/** A WebSocket constructor like the `ws` package's (`handshakeTimeout` in ms). */
export type WebSocketCtor = new (
  url: string,
  options: { headers: Record<string, string>; handshakeTimeout?: number },
) => WsLike;

/** 'connecting' before the first open, 'open', 'reconnecting' after a drop, 'closed' after close() or a fatal error. */
export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Options of `new ScorelineStream(...)`. */
export interface ScorelineStreamOptions {
  /**
   * `ws://<host>/v1/ws` (or `wss://`), or a function returning it, called before every connect
   * attempt (e.g. service discovery). `setUrl()` replaces it.
   */
  url: string | (() => string | Promise<string>);
  /** API key, sent as `Authorization: Bearer <apiKey>` on every upgrade. */
  apiKey: string;
  /** Subscriptions to hold from the start (more with `subscribe()`). */
  subscriptions?: WsSubscription[];
  /** Reconnect backoff, in ms. Default { initialMs: 500, maxMs: 30 000 }. */
  backoff?: BackoffOptions;
  /** Application `{"type":"ping"}` interval, in ms. Default 20 000. */
  pingEveryMs?: number;
  /** Reconnect when nothing arrived for this long (and for a stuck handshake), in ms. Default 45 000. */
  staleAfterMs?: number;
  /** WebSocket constructor. Default: the `ws` package. */
  WebSocketImpl?: WebSocketCtor;
}

/** A subscription's state as of `seq`: the matches in play (`.odds` subscriptions: empty). */
export interface Snapshot {
  subscription: WsSubscription;
  matches: LiveMatch[];
  seq: number;
}

/** The server could not resume from `lastSeq`: local state restarts from `snapshots` (as of `seq`). */
export interface ResyncEvent {
  reason: ResyncMessage['reason'];
  lastSeq: number;
  seq: number;
  snapshots: Snapshot[];
}

/**
 * The stream cannot guarantee that no message was missed:
 * - `out_of_order`: a message at or below lastSeq arrived that was never delivered (dropped);
 * - `resume_rejected`: the server refused `resume` (an older server): resubscribed with fresh snapshots;
 * - `resume_incomplete`: `resumed` reports more replayed messages, or another last_seq, than received/asked.
 */
export interface GapEvent {
  reason: 'out_of_order' | 'resume_rejected' | 'resume_incomplete';
  /** The client's lastSeq when the gap was noticed. */
  lastSeq: number | null;
  /** The offending message's seq (`out_of_order`). */
  seq?: number;
  detail: string;
}

/** Counters since the stream was created. */
export interface StreamStats {
  /** Connections re-established after a drop. */
  reconnects: number;
  /** Resumes the server completed (`resumed`). */
  resumed: number;
  /** Resumes answered with `resync`. */
  resyncs: number;
  /** `update`/`odds` not delivered because already delivered (seq <= lastSeq). */
  duplicatesDropped: number;
  /** Replayed (`replayed: true`) messages delivered. */
  replayed: number;
  /** `gap` events emitted. */
  gaps: number;
}

/** Events of `ScorelineStream` (listener arguments). */
export type ScorelineStreamEvents = {
  state: [state: StreamState];
  welcome: [msg: WelcomeMessage];
  snapshot: [snapshot: Snapshot];
  update: [msg: UpdateMessage];
  odds: [msg: OddsMessage];
  /** `<sport>.win-probability` points, each fixture's once per seq (not sequenced with update/odds). */
  winProbability: [msg: WinProbabilityMessage];
  resumed: [msg: ResumedMessage];
  resync: [event: ResyncEvent];
  unsubscribed: [subscription: WsSubscription];
  gap: [gap: GapEvent];
  serverError: [msg: ErrorMessage];
  message: [msg: ServerMessage];
  error: [err: ScorelineStreamError];
};
