/**
 * Rate limits of API keys by plan (server/auth/plans.ts): requests per minute and per day per key,
 * and, for requests without a valid key, per client IP (so guessing keys is slow too). Counters
 * live in a LimiterStore (memory, or Redis when REDIS_URL is set). docs/access.md.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LimiterStore } from './limiter-store';
import { PLAN_NAMES, type PlanLimits, type PlanName } from './plans';
import { settle, type LimitDecision } from './viewer-limits';

export class KeyLimits {
  private readonly minute = new Map<PlanName, RateLimiterAbstract>();
  private readonly day = new Map<PlanName, RateLimiterAbstract>();
  private readonly anon: RateLimiterAbstract;
  private readonly sandbox: RateLimiterAbstract;
  private readonly keyCreation: RateLimiterAbstract;

  /**
   * `anonPerMinute`: requests per minute per IP that carry no valid key (they get 401 until then).
   * `perIp.sandboxPerMinute`: /sandbox/v1 requests per minute per IP; `perIp.keyCreatesPerHour`:
   * self-serve keys created per IP per hour.
   */
  constructor(
    readonly plans: Record<PlanName, PlanLimits>,
    readonly anonPerMinute: number,
    store: LimiterStore = LimiterStore.memory(),
    readonly perIp: { sandboxPerMinute: number; keyCreatesPerHour: number } = {
      sandboxPerMinute: 60,
      keyCreatesPerHour: 5,
    },
  ) {
    for (const p of PLAN_NAMES) {
      this.minute.set(p, store.create(`key-min-${p}`, plans[p].requests_per_minute, 60));
      this.day.set(p, store.create(`key-day-${p}`, plans[p].requests_per_day, 86_400));
    }
    this.anon = store.create('anon-ip', anonPerMinute, 60);
    this.sandbox = store.create('sandbox-ip', perIp.sandboxPerMinute, 60);
    this.keyCreation = store.create('key-create-ip', perIp.keyCreatesPerHour, 3600);
  }

  /**
   * Counts one request of key lineage `keyId` (KeyRecord.limitId, stable across rotations) on `plan`: the minute window first, then (only if allowed)
   * the day window. Returns the decisions (minute, then day unless the minute refused); the
   * request is refused when any is.
   */
  async consumeKey(keyId: number, plan: PlanName): Promise<LimitDecision[]> {
    const l = this.plans[plan];
    const m = await settle(this.minute.get(plan)!.consume(String(keyId)), l.requests_per_minute, `${plan}-minute`, 60);
    if (!m.allowed) return [m];
    const d = await settle(this.day.get(plan)!.consume(String(keyId)), l.requests_per_day, `${plan}-day`, 86_400);
    return [m, d];
  }

  /** Counts one request without a valid key from `ip`. */
  async consumeAnonymous(ip: string): Promise<LimitDecision> {
    return settle(this.anon.consume(ip), this.anonPerMinute, 'anonymous-ip', 60);
  }

  /** Counts one /sandbox/v1 request from `ip` (policy "sandbox-ip"). */
  async consumeSandbox(ip: string): Promise<LimitDecision> {
    return settle(this.sandbox.consume(ip), this.perIp.sandboxPerMinute, 'sandbox-ip', 60);
  }

  /** Counts one self-serve key creation from `ip` (policy "key-create-ip", a one-hour window). */
  async consumeKeyCreation(ip: string): Promise<LimitDecision> {
    return settle(this.keyCreation.consume(ip), this.perIp.keyCreatesPerHour, 'key-create-ip', 3600);
  }
}
