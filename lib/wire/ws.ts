/**
 * The WebSocket protocol of /v1/ws (docs/websocket.md), one zod schema per message. The server
 * validates what clients send with these; tests validate everything the server sends; the JSON
 * Schemas served at /v1/schemas/ws.json are generated from them (z.toJSONSchema).
 *
 * Channels: `<sport>.live` (match updates, spec §4.4), `<sport>.odds` (odds ticks) and
 * `<sport>.win-probability` (Scoreline's win probability after each event that moved it). A
 * subscription narrows a channel to one league slug and/or one fixture id.
 */
import { z } from 'zod';
import { INT32_MAX } from './bounds';
import { LiveMatchSchema, MatchEventSchema, OddsTickSchema } from './schemas';
import { AnyWinProbabilityPointSchema } from './golf-win-probability';

export const WS_PROTOCOL = 'scoreline.v1';

/** Close codes the server uses besides the standard 1000 / 1001 / 1009 (docs/websocket.md). */
export const WS_CLOSE = {
  /** Server shutting down or restarting: reconnect and resume. */
  going_away: 1001,
  /** A message larger than 16 KiB. */
  message_too_big: 1009,
  /** The server could not answer a subscribe or resume (e.g. its store was unreachable): reconnect and resume. */
  internal_error: 1011,
  /** No subscription for `idle_timeout_ms` after connecting or after the last unsubscribe. */
  idle_timeout: 4000,
  /** The API key was revoked (or rotated) while connected: do not reconnect with it. */
  key_revoked: 4001,
  /** The client read too slowly: more than the send buffer limit was waiting. Reconnect and resume. */
  slow_consumer: 4002,
  /** Too many malformed messages in a row. */
  protocol_error: 4003,
} as const;

/** Largest client message the server reads, in bytes (16 KiB); a larger one closes with 1009. */
export const WS_MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** Consecutive error answers of the codes in WS_STREAK_ERROR_CODES that close the connection with 4003. */
export const WS_MAX_INVALID_STREAK = 20;

/**
 * The `error` codes that count toward the 4003 close (WS_MAX_INVALID_STREAK in a row; any valid
 * message resets the count). `unavailable` is not among them: it is followed by a 1011 close.
 */
export const WS_STREAK_ERROR_CODES = [
  'invalid_json',
  'invalid_message',
  'unknown_channel',
  'league_not_found',
  'too_many_subscriptions',
] as const;

/**
 * Every close code a /v1/ws connection can end with, what it means and what the client should
 * do: the table of docs/websocket.md and the AsyncAPI document (/v1/asyncapi.json) are this list.
 */
export const WS_CLOSE_CODES: readonly { code: number; meaning: string; action: string }[] = [
  { code: 1000, meaning: 'normal close', action: '—' },
  { code: WS_CLOSE.going_away, meaning: 'server shutting down', action: 'reconnect (backoff) and resume' },
  { code: 1002, meaning: 'an invalid WebSocket frame (protocol error)', action: 'fix the client' },
  { code: 1007, meaning: 'a text message that is not valid UTF-8', action: 'fix the client' },
  {
    code: WS_CLOSE.message_too_big,
    meaning: `a client message over ${WS_MAX_CLIENT_MESSAGE_BYTES / 1024} KiB, however large`,
    action: 'fix the message',
  },
  {
    code: WS_CLOSE.internal_error,
    meaning: 'the server could not answer a subscribe or resume',
    action: 'reconnect and resume',
  },
  {
    code: WS_CLOSE.idle_timeout,
    meaning: 'idle: no subscription for `WS_IDLE_TIMEOUT_S` (60 s)',
    action: 'subscribe after connecting',
  },
  { code: WS_CLOSE.key_revoked, meaning: 'API key revoked', action: 'stop; get a new key' },
  {
    code: WS_CLOSE.slow_consumer,
    meaning: 'slow consumer: send buffer full',
    action: 'reconnect and resume; read faster',
  },
  {
    code: WS_CLOSE.protocol_error,
    meaning: `${WS_MAX_INVALID_STREAK} malformed messages in a row (${WS_STREAK_ERROR_CODES.map((c) => `\`${c}\``).join(', ')}; any valid message resets the count)`,
    action: 'fix the client',
  },
];

/**
 * The channel kinds: a channel is `<sport>.<kind>` for each of the ten sport slugs. Each kind names
 * the server message `type` it carries; the AsyncAPI document (/v1/asyncapi.json) lists one
 * channel per sport and kind from this table, so a kind added here is documented there.
 */
export const WS_CHANNEL_KINDS = {
  live: { message: 'update', description: 'every stored event of a match and the live match right after it' },
  odds: { message: 'odds', description: 'new odds ticks of a match' },
  'win-probability': {
    message: 'win_probability',
    description:
      "Scoreline's win probability of a match after each event that moved it (a correction moving it back included)",
  },
} as const satisfies Record<string, { message: string; description: string }>;

const seq = z.number().int().nonnegative();
const KIND_NAMES = Object.keys(WS_CHANNEL_KINDS).join('|');
const channel = z.string().regex(
  new RegExp(`^[a-z-]+\\.(${KIND_NAMES})$`),
  `must look like ${Object.keys(WS_CHANNEL_KINDS)
    .map((k) => `"<sport>.${k}"`)
    .join(' or ')}`,
);
const league = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a league slug');
/** A fixture id: a PostgreSQL `integer` (1 … 2 147 483 647); anything larger is `invalid_message`, never a query. */
const fixtureId = z.number().int().positive().max(INT32_MAX);

/** What a subscription covers: a channel, optionally one league and/or one fixture. */
export const SubscriptionSchema = z.strictObject({
  channel,
  league: league.optional(),
  fixture_id: fixtureId.optional(),
});
export type WsSubscription = z.infer<typeof SubscriptionSchema>;

// ---- client → server ----

/** Spec §4.4 subscribe `{channel, league}`; `type` may be omitted; `fixture_id` narrows to one match. */
export const SubscribeMessage = SubscriptionSchema.extend({ type: z.literal('subscribe').optional() });
export const UnsubscribeMessage = SubscriptionSchema.extend({ type: z.literal('unsubscribe') });
/**
 * After a reconnect: replaces this connection's subscriptions with `subscriptions` and sends
 * every message they match with seq > `last_seq`, in seq order, then `resumed` — or `resync`
 * when that is no longer possible.
 */
export const ResumeMessage = z.strictObject({
  type: z.literal('resume'),
  last_seq: seq,
  subscriptions: z.array(SubscriptionSchema).min(1).max(100),
});
export const PingMessage = z.strictObject({ type: z.literal('ping') });
export const ClientMessageSchema = z.union([SubscribeMessage, UnsubscribeMessage, ResumeMessage, PingMessage]);

// ---- server → client ----

const scope = { channel, league: league.nullable(), fixture_id: fixtureId.nullable() };
const sandbox = { sandbox: z.literal(true).optional() };

export const WelcomeMessage = z.strictObject({
  type: z.literal('welcome'),
  protocol: z.literal(WS_PROTOCOL),
  /** The server pings this often (WebSocket ping frames); connections that do not answer are closed. */
  heartbeat_ms: z.number().int().positive(),
  /** A connection without subscriptions is closed (4000) after this long. */
  idle_timeout_ms: z.number().int().positive(),
  /** How far back `resume` can reach, in seconds. */
  resume_retention_s: z.number().int().positive(),
  /** The feed's latest seq at connect time. */
  seq,
  ...sandbox,
});

export const SubscribedMessage = z.strictObject({
  type: z.literal('subscribed'),
  ...scope,
  seq,
  /** `.live` channels: the matches in play now (a fixture subscription: that match, in any status). */
  snapshot: z.array(LiveMatchSchema).optional(),
  ...sandbox,
});
export const UnsubscribedMessage = z.strictObject({ type: z.literal('unsubscribed'), ...scope, ...sandbox });

/** One stored match event and the live match (spec 2.1) right after it. */
export const UpdateMessage = z.strictObject({
  type: z.literal('update'),
  channel,
  league: z.string(),
  seq: z.number().int().positive(),
  event_id: z.string(),
  data: LiveMatchSchema,
  event: MatchEventSchema,
  /** Present (true) when sent by `resume` from the stored log. */
  replayed: z.literal(true).optional(),
  ...sandbox,
});

/** New odds ticks of one match (seq = the last tick's). */
export const OddsMessage = z.strictObject({
  type: z.literal('odds'),
  channel,
  league: z.string(),
  seq: z.number().int().positive(),
  fixture_id: fixtureId,
  ticks: z.array(OddsTickSchema).min(1),
  replayed: z.literal(true).optional(),
  ...sandbox,
});

/**
 * Scoreline's win probability after a stored event that changed it (docs/odds.md "Win probability"):
 * `point` is the new last point of GET /v1/{sport}/matches/{fixture_id}/win-probability; `seq` is the
 * event's (a correction's: `point` is then the series' last point with the correction applied).
 * Two-sided sports' `point` has `home` / `draw` / `away`; on `golf.win-probability` it is golf's
 * field point (`field`: the 10 most likely winners, `others`: the rest's total).
 */
export const WinProbabilityMessage = z.strictObject({
  type: z.literal('win_probability'),
  channel,
  league: z.string(),
  seq: z.number().int().positive(),
  fixture_id: fixtureId,
  bookmaker: z.literal('scoreline-model'),
  /** What the series starts from: the pre-match rating (never bookmaker prices). */
  started_from: z.literal('rating'),
  point: AnyWinProbabilityPointSchema,
  replayed: z.literal(true).optional(),
  ...sandbox,
});

export const ResumedMessage = z.strictObject({
  type: z.literal('resumed'),
  last_seq: seq,
  /** The feed's seq the replay reached: from here on messages are live. */
  seq,
  /** Messages replayed (update, odds and win_probability) between `last_seq` and `seq`. */
  replayed: z.number().int().nonnegative(),
  subscriptions: z.array(SubscriptionSchema),
  ...sandbox,
});

/** Resume was not possible: drop local state and start again from these snapshots. */
export const ResyncMessage = z.strictObject({
  type: z.literal('resync'),
  reason: z.enum(['retention_expired', 'too_many_messages', 'ahead_of_server']),
  last_seq: seq,
  seq,
  subscriptions: z.array(z.strictObject({ ...scope, snapshot: z.array(LiveMatchSchema).optional() })),
  ...sandbox,
});

export const PongMessage = z.strictObject({ type: z.literal('pong'), seq, ...sandbox });

export const WS_ERROR_CODES = [
  'invalid_json',
  'invalid_message',
  'unknown_channel',
  'league_not_found',
  'too_many_subscriptions',
  'unavailable',
] as const;
export const ErrorMessage = z.strictObject({
  type: z.literal('error'),
  code: z.enum(WS_ERROR_CODES),
  message: z.string(),
  ...sandbox,
});

export const ServerMessageSchema = z.discriminatedUnion('type', [
  WelcomeMessage,
  SubscribedMessage,
  UnsubscribedMessage,
  UpdateMessage,
  OddsMessage,
  WinProbabilityMessage,
  ResumedMessage,
  ResyncMessage,
  PongMessage,
  ErrorMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

/**
 * JSON Schema (draft 2020-12) of every client and server message, generated from the zod
 * schemas above; served at GET /v1/schemas/ws.json.
 */
export function wsJsonSchemas(): { client: unknown; server: unknown } {
  return {
    client: z.toJSONSchema(ClientMessageSchema, { io: 'input', unrepresentable: 'any' }),
    server: z.toJSONSchema(ServerMessageSchema, { unrepresentable: 'any' }),
  };
}
