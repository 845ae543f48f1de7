/**
 * API plans and their limits (spec: a free plan and paid / enterprise plans with higher limits).
 * Defaults below; PLAN_LIMITS (JSON) overrides any of them, e.g.
 * `PLAN_LIMITS='{"free":{"requests_per_minute":120}}'`. Documented in docs/access.md.
 */
import { z } from 'zod';

export const PLAN_NAMES = ['free', 'pro', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  /** REST requests per minute per key. */
  requests_per_minute: number;
  /** REST requests per UTC-agnostic rolling day (86 400 s) per key. */
  requests_per_day: number;
  /** Open WebSocket connections per key. */
  websocket_connections: number;
  /** Registered webhook endpoints per key. */
  webhook_endpoints: number;
}

export const DEFAULT_PLANS: Record<PlanName, PlanLimits> = {
  free: { requests_per_minute: 60, requests_per_day: 10_000, websocket_connections: 2, webhook_endpoints: 1 },
  pro: { requests_per_minute: 600, requests_per_day: 250_000, websocket_connections: 25, webhook_endpoints: 10 },
  enterprise: {
    requests_per_minute: 6_000,
    requests_per_day: 5_000_000,
    websocket_connections: 250,
    webhook_endpoints: 100,
  },
};

const Limits = z
  .object({
    requests_per_minute: z.number().int().positive(),
    requests_per_day: z.number().int().positive(),
    websocket_connections: z.number().int().positive(),
    webhook_endpoints: z.number().int().nonnegative(),
  })
  .partial()
  .strict();
const Overrides = z.object({ free: Limits, pro: Limits, enterprise: Limits }).partial().strict();

/**
 * The plans in force: defaults with PLAN_LIMITS applied. Errors: throws an Error naming the bad
 * field when the JSON is malformed or a value is not a positive integer.
 */
export function resolvePlans(json?: string): Record<PlanName, PlanLimits> {
  if (!json) return DEFAULT_PLANS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('PLAN_LIMITS: not valid JSON');
  }
  const parsed = Overrides.safeParse(raw);
  if (!parsed.success)
    throw new Error(`PLAN_LIMITS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const out = { ...DEFAULT_PLANS };
  for (const p of PLAN_NAMES) out[p] = { ...DEFAULT_PLANS[p], ...parsed.data[p] };
  return out;
}

/** The plan name of a key's stored plan (unknown values count as free). */
export function planOf(stored: string): PlanName {
  return (PLAN_NAMES as readonly string[]).includes(stored) ? (stored as PlanName) : 'free';
}
