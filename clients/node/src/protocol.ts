/**
 * Wire types of the Scoreline WebSocket protocol `scoreline.v1` at /v1/ws (docs/websocket.md).
 * Plain TypeScript mirrors of the server's zod schemas (lib/wire/ws.ts) so that this package has
 * no runtime dependency on the server; `protocol.test.ts` checks at type level that they agree.
 */

/** Close codes the server uses besides the standard 1000 / 1001 / 1009 (docs/websocket.md). */
export const WS_CLOSE = {
  /** Normal closure (sent by `ScorelineStream.close()`). */
  normal: 1000,
  /** Server shutting down or restarting: reconnect and resume. */
  going_away: 1001,
  /** No close frame (socket dropped): reconnect and resume. */
  abnormal: 1006,
  /** A message larger than 16 KiB. */
  message_too_big: 1009,
  /** The server could not answer a subscribe or resume: reconnect and resume. */
  internal_error: 1011,
  /** No subscription for `idle_timeout_ms`: reconnect and resume. */
  idle_timeout: 4000,
  /** The API key was revoked or rotated while connected: never reconnect with it. */
  key_revoked: 4001,
  /** The client read too slowly: reconnect and resume. */
  slow_consumer: 4002,
  /** Too many malformed messages in a row. */
  protocol_error: 4003,
} as const;

/** The protocol name the server announces in `welcome`. */
export const WS_PROTOCOL = 'scoreline.v1';

/** What a subscription covers: a channel (`<sport>.live` / `<sport>.odds` / `<sport>.win-probability`), optionally one league slug and/or one fixture id. */
export interface WsSubscription {
  channel: string;
  league?: string;
  fixture_id?: number;
}

/** A subscription as the server echoes it (absent filters are null). */
export interface WsScope {
  channel: string;
  league: string | null;
  fixture_id: number | null;
}

/** Spec 2.1 `last_event`. */
export interface LastEvent {
  type: string;
  team: string;
  player: string;
  minute: number;
  event_id: string;
  side: 'home' | 'away';
  stoppage_time: number | null;
  occurred_at: string;
}

/** Spec 2.1 live match (the `data` of an update, the items of a snapshot). Timestamps are ISO 8601 UTC. */
export interface LiveMatch {
  fixture_id: number;
  sport: string;
  league: string;
  home_team: string;
  away_team: string;
  score: { home: number; away: number };
  minute: number;
  period: string;
  status: string;
  last_event: LastEvent | null;
  updated_at: string;
  league_slug: string;
  season: string;
  kickoff: string;
  stoppage_time: number | null;
  /** `clock_seconds` in seconds; `rate` is match seconds per wall second. */
  clock: { running: boolean; clock_seconds: number; as_of: string; rate: number } | null;
  halftime_score: { home: number; away: number } | null;
  penalties: { home: number; away: number } | null;
  /** Football: red cards per side; null in other sports. */
  red_cards: { home: number; away: number } | null;
  /** The sport's own live state (cricket overs, tennis sets…; docs/sports/<sport>.md); null for football. */
  state: Record<string, unknown> | null;
  seq: number;
}

/** One stored match event, as in a REST match timeline. */
export interface MatchEvent {
  seq: number;
  event_id: string;
  fixture_id: number;
  type: string;
  team: string | null;
  side: 'home' | 'away' | null;
  player: string | null;
  minute: number | null;
  stoppage_time: number | null;
  period: string | null;
  detail: Record<string, unknown>;
  occurred_at: string;
  received_at: string;
}

/** One odds tick (decimal `price`). */
export interface OddsTick {
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
  price: number;
  observed_at: string;
  seq: number | null;
}

interface Sandboxed {
  sandbox?: true;
}

// ---- client → server ----

/** `subscribe` (the `type` may be omitted on the wire; this client always sends it). */
export interface SubscribeMessage extends WsSubscription {
  type: 'subscribe';
}
/** `unsubscribe`. */
export interface UnsubscribeMessage extends WsSubscription {
  type: 'unsubscribe';
}
/** After a reconnect: replace the connection's subscriptions and replay everything after `last_seq`. */
export interface ResumeMessage {
  type: 'resume';
  last_seq: number;
  subscriptions: WsSubscription[];
}
/** Application-level ping; answered by `pong`. */
export interface PingMessage {
  type: 'ping';
}
/** Every message a client sends. */
export type ClientMessage = SubscribeMessage | UnsubscribeMessage | ResumeMessage | PingMessage;

// ---- server → client ----

/** First message of every connection. `heartbeat_ms`/`idle_timeout_ms` in ms, `resume_retention_s` in seconds. */
export interface WelcomeMessage extends Sandboxed {
  type: 'welcome';
  protocol: string;
  heartbeat_ms: number;
  idle_timeout_ms?: number;
  resume_retention_s?: number;
  seq: number;
}
/** Answer to `subscribe`: `.live` channels carry a snapshot as of `seq`. */
export interface SubscribedMessage extends WsScope, Sandboxed {
  type: 'subscribed';
  seq: number;
  snapshot?: LiveMatch[];
}
/** Answer to `unsubscribe`. */
export interface UnsubscribedMessage extends WsScope, Sandboxed {
  type: 'unsubscribed';
}
/** One stored match event and the live match right after it; `replayed` when sent by a resume. */
export interface UpdateMessage extends Sandboxed {
  type: 'update';
  channel: string;
  league: string;
  seq: number;
  event_id: string;
  data: LiveMatch;
  event: MatchEvent;
  replayed?: true;
}
/** New odds ticks of one match (`seq` = the last tick's). */
export interface OddsMessage extends Sandboxed {
  type: 'odds';
  channel: string;
  league: string;
  seq: number;
  fixture_id: number;
  ticks: OddsTick[];
  replayed?: true;
}
/** One point of Scoreline's win probability (fractions in (0, 1); `draw` null where the match has none). */
export interface WinProbabilityPoint {
  home: number;
  draw: number | null;
  away: number;
  /** ISO 8601 UTC: when the event happened (kickoff for the pre-match point). */
  observed_at: string;
  /** The sport's clock: period, displayed minute (or null), and a reading such as `67'` or `Top 7, 2 out`. */
  clock: { period: string; minute: number | null; label: string };
  /** The event that moved it; null for the pre-match point. */
  event: { event_id: string; type: string; side: 'home' | 'away' | null } | null;
}
/** One player's line in a golf point. */
export interface GolfFieldEntry {
  player: string;
  /** P(this player wins the tournament), in [0, 1]. */
  probability: number;
  /** Strokes relative to par over the regulation holes completed (−12 = 12 under). */
  to_par: number;
  /** Regulation holes still to play (0 once finished or in a playoff). */
  holes_left: number;
}
/** One point of a golf tournament's win probability (`golf.win-probability`): the field, not two sides. */
export interface GolfWinProbabilityPoint {
  /** ISO 8601 UTC: when the event happened (first tee time for the pre-match point). */
  observed_at: string;
  /** Golf has no minute: period (`round_2`, `playoff`, …), null, and a reading such as `round 2: S. Scheffler thru 14`. */
  clock: { period: string; minute: null; label: string };
  /** The event that moved it (a hole, a scorecard, a cut, a withdrawal, the result); null for the pre-match point. */
  event: { event_id: string; type: string; player: string | null } | null;
  /** The (at most 10) most likely winners, probability descending, then name. */
  field: GolfFieldEntry[];
  /** P(a player not listed wins). */
  others: number;
}
/** A `win_probability` message's point: golf's field point on golf fixtures (`'field' in point`), else two-sided. */
export type AnyWinProbabilityPoint = WinProbabilityPoint | GolfWinProbabilityPoint;
/** A row's pre-match win probability (Scoreline's rating, before kickoff; fractions); null for golf. */
export type RowWinProbability = { home: number; draw: number | null; away: number } | null;
/**
 * A row of GET /v1/{sport}/live: the live match with its pre-match `win_probability` and
 * `win_probability_in_play`, the latest point of its in-play series (the win-probability
 * endpoint's last point; golf's field point on golf rows, `'field' in point`; null while none is known).
 */
export interface LiveRow extends LiveMatch {
  win_probability: RowWinProbability;
  win_probability_in_play:
    | (WinProbabilityPoint & { started_from: 'rating' })
    | (GolfWinProbabilityPoint & { started_from: 'rating' })
    | null;
}
/**
 * `<sport>.win-probability`: the match's win probability after the event at `seq` changed it (a
 * correction moving it back included); the new last point of the REST series. Shares its event's
 * `seq` (it follows that event's `update`), so it is not sequenced with `update`/`odds`. On
 * `golf.win-probability` the point is golf's field point.
 */
export interface WinProbabilityMessage extends Sandboxed {
  type: 'win_probability';
  channel: string;
  league: string;
  seq: number;
  fixture_id: number;
  bookmaker: 'scoreline-model';
  started_from: 'rating';
  point: AnyWinProbabilityPoint;
  replayed?: true;
}
/** End of a resume's replay: from `seq` on, messages are live. */
export interface ResumedMessage extends Sandboxed {
  type: 'resumed';
  last_seq: number;
  seq: number;
  replayed: number;
  subscriptions: WsSubscription[];
}
/** Resume was impossible: start again from these snapshots (as of `seq`). */
export interface ResyncMessage extends Sandboxed {
  type: 'resync';
  reason: 'retention_expired' | 'too_many_messages' | 'ahead_of_server';
  last_seq: number;
  seq: number;
  subscriptions: (WsScope & { snapshot?: LiveMatch[] })[];
}
/** Answer to `ping`, with the feed's latest seq. */
export interface PongMessage extends Sandboxed {
  type: 'pong';
  seq: number;
}
/** A client message was refused (the connection stays open); `unavailable`: retry later. */
export interface ErrorMessage extends Sandboxed {
  type: 'error';
  code:
    | 'invalid_json'
    | 'invalid_message'
    | 'unknown_channel'
    | 'league_not_found'
    | 'too_many_subscriptions'
    | 'unavailable';
  message: string;
}
/** Every message the server sends (`type` discriminates). */
export type ServerMessage =
  | WelcomeMessage
  | SubscribedMessage
  | UnsubscribedMessage
  | UpdateMessage
  | OddsMessage
  | WinProbabilityMessage
  | ResumedMessage
  | ResyncMessage
  | PongMessage
  | ErrorMessage;
