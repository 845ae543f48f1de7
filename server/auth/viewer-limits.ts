/**
 * Rate limits for the dashboard's viewer sessions (rate-limiter-flexible, in memory).
 * REST reads are limited per session and per client IP; WebSocket connections are capped per
 * session and per IP, and new sessions per IP. Defaults are documented in docs/dashboard.md and
 * set with VIEWER_RPM, VIEWER_IP_RPM, VIEWER_WS_PER_SESSION, VIEWER_WS_PER_IP.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

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
}

/** Viewer REST and WebSocket limits of one process. */
export class ViewerLimits {
  private readonly session: RateLimiterMemory;
  private readonly ip: RateLimiterMemory;
  private readonly sessions: RateLimiterMemory;
  private readonly openBySession = new Map<string, number>();
  private readonly openByIp = new Map<string, number>();

  constructor(readonly config: ViewerLimitConfig) {
    this.session = new RateLimiterMemory({ keyPrefix: 'viewer-sid', points: config.perSessionPerMinute, duration: 60 });
    this.ip = new RateLimiterMemory({ keyPrefix: 'viewer-ip', points: config.perIpPerMinute, duration: 60 });
    this.sessions = new RateLimiterMemory({ keyPrefix: 'viewer-new', points: config.sessionsPerIpPerMinute, duration: 60 });
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

async function settle(p: Promise<RateLimiterRes>, limit: number, policy: string): Promise<LimitDecision> {
  try {
    const r = await p;
    return { allowed: true, limit, remaining: r.remainingPoints, resetSeconds: Math.max(1, Math.ceil(r.msBeforeNext / 1000)), policy };
  } catch (e) {
    if (e instanceof RateLimiterRes) return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)), policy };
    throw e;
  }
}

/** IETF RateLimit / RateLimit-Policy header fields (draft-ietf-httpapi-ratelimit-headers) for a decision. */
export function rateLimitHeaders(d: LimitDecision): Record<string, string> {
  return {
    'ratelimit-policy': `"${d.policy}";q=${d.limit};w=60`,
    ratelimit: `"${d.policy}";r=${d.remaining};t=${d.resetSeconds}`,
  };
}
