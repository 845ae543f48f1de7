/**
 * Rate limits for the dashboard's viewer sessions (rate-limiter-flexible, in memory).
 * REST reads are limited per session and per client IP; WebSocket connections are capped per
 * session and per IP, and new sessions per IP. Defaults are documented in docs/dashboard.md and
 * set with VIEWER_RPM, VIEWER_IP_RPM, VIEWER_WS_PER_SESSION, VIEWER_WS_PER_IP.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { LimiterStore } from './limiter-store';

export interface ViewerLimitConfig {
  /** REST requests per minute per session. */
  perSessionPerMinute: number;
  /** REST requests per minute per client IP (all its sessions). */
  perIpPerMinute: number;
  /** Open WebSocket connections per session. */
  wsPerSession: number;
  /** Open WebSocket connections per IP. */
  wsPerIp: number;
  /** New sessions issued per IP per minute. */
  sessionsPerIpPerMinute: number;
}

/** Outcome of a rate-limit check: allowed, the policy's quota and what remains, seconds to reset. */
export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (whole seconds, ≥ 1 when exhausted). */
  resetSeconds: number;
  policy: string;
  /** The policy's window in seconds. */
  window: number;
}

/** Viewer REST and WebSocket limits of one process. */
export class ViewerLimits {
  private readonly session: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;
  private readonly sessions: RateLimiterAbstract;
  private readonly openBySession = new Map<string, number>();
  private readonly openByIp = new Map<string, number>();

  /** `store`: where counters live (memory by default, Redis when REDIS_URL is set). */
  constructor(
    readonly config: ViewerLimitConfig,
    store: LimiterStore = LimiterStore.memory(),
  ) {
    this.session = store.create('viewer-sid', config.perSessionPerMinute, 60);
    this.ip = store.create('viewer-ip', config.perIpPerMinute, 60);
    this.sessions = store.create('viewer-new', config.sessionsPerIpPerMinute, 60);
  }

  /**
   * Consumes one REST request for a session, then (only if the session still had quota) for its
   * IP, so an exhausted session cannot drain the quota of others behind the same address.
   * The tighter of the two decides.
   */
  async consumeRest(sid: string, ip: string): Promise<LimitDecision> {
    const s = await settle(this.session.consume(sid), this.config.perSessionPerMinute, 'viewer-session');
    if (!s.allowed) return s;
    const i = await settle(this.ip.consume(ip), this.config.perIpPerMinute, 'viewer-ip');
    if (!i.allowed) return i;
    return s.remaining / s.limit <= i.remaining / i.limit ? s : i;
  }

  /** Whether this IP may be issued another session now (page loads without a valid cookie). */
  async allowNewSession(ip: string): Promise<boolean> {
    return (await settle(this.sessions.consume(ip), this.config.sessionsPerIpPerMinute, 'viewer-new')).allowed;
  }

  /** Reserves a WebSocket slot; returns a release function, or null when a cap is reached. */
  openSocket(sid: string, ip: string): (() => void) | null {
    const s = this.openBySession.get(sid) ?? 0;
    const i = this.openByIp.get(ip) ?? 0;
    if (s >= this.config.wsPerSession || i >= this.config.wsPerIp) return null;
    this.openBySession.set(sid, s + 1);
    this.openByIp.set(ip, i + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      dec(this.openBySession, sid);
      dec(this.openByIp, ip);
    };
  }
}

function dec(m: Map<string, number>, k: string): void {
  const n = (m.get(k) ?? 1) - 1;
  if (n <= 0) m.delete(k);
  else m.set(k, n);
}

/**
 * Turns a limiter's consume() into a decision: allowed with what remains, or refused (the
 * limiter rejects with a RateLimiterRes). `window`: the policy's window in seconds.
 * Errors: rethrows store errors that are not a refusal.
 */
export async function settle(
  p: Promise<RateLimiterRes>,
  limit: number,
  policy: string,
  window = 60,
): Promise<LimitDecision> {
  try {
    const r = await p;
    return {
      allowed: true,
      limit,
      remaining: r.remainingPoints,
      resetSeconds: Math.max(1, Math.ceil(r.msBeforeNext / 1000)),
      policy,
      window,
    };
  } catch (e) {
    if (e instanceof RateLimiterRes)
      return {
        allowed: false,
        limit,
        remaining: 0,
        resetSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)),
        policy,
        window,
      };
    throw e;
  }
}

/**
 * IETF RateLimit / RateLimit-Policy header fields (draft-ietf-httpapi-ratelimit-headers) for one
 * or more policies, e.g. `RateLimit-Policy: "free-minute";q=60;w=60, "free-day";q=10000;w=86400`
 * and `RateLimit: "free-minute";r=59;t=60, "free-day";r=9999;t=86400`.
 */
export function rateLimitHeaders(d: LimitDecision | LimitDecision[]): Record<string, string> {
  const all = Array.isArray(d) ? d : [d];
  return {
    'ratelimit-policy': all.map((x) => `"${x.policy}";q=${x.limit};w=${x.window}`).join(', '),
    ratelimit: all.map((x) => `"${x.policy}";r=${x.remaining};t=${x.resetSeconds}`).join(', '),
  };
}
