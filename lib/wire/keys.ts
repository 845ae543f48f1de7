/**
 * Wire shapes of self-serve API key management (docs/access.md): POST /v1/keys,
 * GET|DELETE /v1/keys/current, POST /v1/keys/current/rotate. The key itself appears only in the
 * answer that creates it; afterwards only its prefix.
 */
import { z } from 'zod';

const isoUtc = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'ISO 8601 UTC with Z');

/** The body of POST /v1/keys. */
export const CreateKeyBody = z.object({
  /** A label for your own records, e.g. the app that uses the key. */
  name: z.string().trim().min(1).max(80).default('self-serve'),
});

/** A plan's limits (server/auth/plans.ts). */
export const PlanLimitsSchema = z.object({
  requests_per_minute: z.number().int(),
  requests_per_day: z.number().int(),
  websocket_connections: z.number().int(),
  webhook_endpoints: z.number().int(),
});

/** What anyone holding a key may see of it. */
export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  plan: z.enum(['free', 'pro', 'enterprise']),
  /** `data` reads the feed; `operator` (`slo_…` keys) feeds it through /v1/ops (docs/operators.md). */
  role: z.enum(['data', 'operator']),
  limits: PlanLimitsSchema,
  created_at: isoUtc,
  last_used_at: isoUtc.nullable(),
});

/** The answer that creates (or rotates to) a key: the only time the key is shown. */
export const NewApiKeySchema = ApiKeySchema.extend({
  key: z.string(),
  /** The key this one replaces (rotation), else null. */
  replaces: z.number().int().nullable(),
});
