/**
 * Webhooks on the wire (docs/webhooks.md): registration bodies, endpoint and delivery views, and
 * the signed message envelopes (Standard Webhooks: `{type, timestamp, data}`).
 */
import { z } from 'zod';
import { SPORTS } from '../sports';
import { LiveMatchSchema, MatchEventSchema, OddsTickSchema } from './schemas';
import { AnyWinProbabilityPointSchema } from './golf-win-probability';

const isoUtc = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'ISO 8601 UTC');

/**
 * Event-type patterns an endpoint subscribes to: `*` (every match, odds and test message),
 * `match.*` (every match event), `match.<event type>` (e.g. `match.goal`), `odds.*` /
 * `odds.updated`, `win_probability.*` / `win_probability.updated`, `webhook.*` / `webhook.test`.
 */
export const EventPattern = z
  .string()
  .regex(
    /^(\*|match\.(\*|[a-z_]{2,32})|odds\.(\*|updated)|win_probability\.(\*|updated)|webhook\.(\*|test))$/,
    'must be "*", "match.*", "match.<event type>", "odds.updated", "win_probability.updated" or "webhook.test"',
  );

/**
 * Message types an endpoint receives only when it names them (`win_probability.updated` or
 * `win_probability.*`), not through `*`: derived from the events `*` already carries, they would
 * add a message per event to every catch-all endpoint.
 */
export const OPT_IN_TYPES: readonly string[] = ['win_probability.updated'];

/** Whether a message type (`match.goal`, `odds.updated`, `webhook.test`) matches any of the patterns. */
export function typeMatches(type: string, patterns: string[]): boolean {
  const optIn = OPT_IN_TYPES.includes(type);
  return patterns.some(
    (p) => (p === '*' && !optIn) || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))),
  );
}

const sport = z.enum(SPORTS as unknown as [string, ...string[]]);
const league = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a league slug');
const url = z.string().min(1).max(2048);

export const CreateWebhookBody = z.strictObject({
  url,
  /** Default `["*"]`. */
  events: z.array(EventPattern).min(1).max(50).optional(),
  /** Default `[]`: every sport. */
  sports: z.array(sport).max(10).optional(),
  /** Default `[]`: every league. */
  leagues: z.array(league).max(100).optional(),
  description: z.string().max(200).optional(),
});
export const UpdateWebhookBody = z.strictObject({
  url: url.optional(),
  events: z.array(EventPattern).min(1).max(50).optional(),
  sports: z.array(sport).max(10).optional(),
  leagues: z.array(league).max(100).optional(),
  description: z.string().max(200).nullable().optional(),
  /** `enabled` re-enables a disabled endpoint (its pending deliveries resume). */
  status: z.enum(['enabled', 'disabled']).optional(),
});

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  sports: z.array(z.string()),
  leagues: z.array(z.string()),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable(),
  failing_since: isoUtc.nullable(),
  created_at: isoUtc,
  updated_at: isoUtc,
  /** Standard Webhooks signing secret (`whsec_…`); in the create and get answers, not in lists. */
  secret: z.string().optional(),
});
export const WebhookListSchema = z.object({ data: z.array(WebhookEndpointSchema) });

export const WebhookAttemptSchema = z.object({
  attempted_at: isoUtc,
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  /** The `webhook-id` header: the same for every attempt and every endpoint of one message. */
  message_id: z.string(),
  event_type: z.string(),
  seq: z.number().int().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int().nonnegative(),
  next_attempt_at: isoUtc.nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: isoUtc,
  delivered_at: isoUtc.nullable(),
  attempt_log: z.array(WebhookAttemptSchema),
});
export const WebhookDeliveriesSchema = z.object({
  data: z.array(WebhookDeliverySchema),
  next_cursor: z.string().nullable(),
});
export const WebhookQueuedSchema = z.object({
  delivery_id: z.string(),
  message_id: z.string(),
  status: z.literal('pending'),
});

// ---- signed message bodies ----

/** Where a feed message belongs: its seq, sport, league and fixture (every feed envelope's `data` starts with these). */
const feedRef = {
  seq: z.number().int().positive(),
  sport: z.string(),
  league: z.string(),
  fixture_id: z.number().int(),
};

export const MatchEventEnvelope = z.strictObject({
  type: z.string().regex(/^match\.[a-z_]+$/),
  timestamp: isoUtc,
  data: z.strictObject({
    ...feedRef,
    event: MatchEventSchema,
    match: LiveMatchSchema,
  }),
});
export const OddsEnvelope = z.strictObject({
  type: z.literal('odds.updated'),
  timestamp: isoUtc,
  data: z.strictObject({
    ...feedRef,
    ticks: z.array(OddsTickSchema).min(1),
  }),
});
/** Scoreline's win probability after an event that changed it (docs/webhooks.md, same point as the WebSocket's; golf: the field point). */
export const WinProbabilityEnvelope = z.strictObject({
  type: z.literal('win_probability.updated'),
  timestamp: isoUtc,
  data: z.strictObject({
    ...feedRef,
    bookmaker: z.literal('scoreline-model'),
    started_from: z.literal('rating'),
    point: AnyWinProbabilityPointSchema,
  }),
});
export const TestEnvelope = z.strictObject({
  type: z.literal('webhook.test'),
  timestamp: isoUtc,
  data: z.strictObject({ endpoint_id: z.string(), message: z.string() }),
});
export const WebhookEnvelopeSchema = z.union([MatchEventEnvelope, OddsEnvelope, WinProbabilityEnvelope, TestEnvelope]);
