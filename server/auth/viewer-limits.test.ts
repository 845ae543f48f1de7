/**
 * Viewer rate limits (server/auth/viewer-limits.ts): REST quota per session and per IP, the
 * WebSocket connection caps and their release, new-session issuance per IP, and the IETF
 * RateLimit / RateLimit-Policy header fields.
 */
import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, ViewerLimits, type ViewerLimitConfig } from './viewer-limits';

function limits(over: Partial<ViewerLimitConfig> = {}): ViewerLimits {
  return new ViewerLimits({
    perSessionPerMinute: 100,
    perIpPerMinute: 1000,
    wsPerSession: 4,
    wsPerIp: 32,
    sessionsPerIpPerMinute: 60,
    ...over,
  });
}

describe('consumeRest', () => {
  it('allows exactly N requests per session, then denies with a reset of at least 1 s', async () => {
    const l = limits({ perSessionPerMinute: 5 });
    for (let i = 0; i < 5; i++) {
      const d = await l.consumeRest('sid-a', '10.0.0.1');
      expect(d).toMatchObject({ allowed: true, limit: 5, remaining: 4 - i, policy: 'viewer-session' });
      expect(d.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(d.resetSeconds).toBeLessThanOrEqual(60);
    }
    for (let i = 0; i < 3; i++) {
      const d = await l.consumeRest('sid-a', '10.0.0.1');
      expect(d).toMatchObject({ allowed: false, limit: 5, remaining: 0, policy: 'viewer-session' });
      expect(d.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(d.resetSeconds).toBeLessThanOrEqual(60);
      expect(Number.isInteger(d.resetSeconds)).toBe(true);
    }
    // Another session on another address is unaffected.
    expect((await l.consumeRest('sid-b', '10.0.0.2')).allowed).toBe(true);
  });

  it('limits an IP across all its sessions', async () => {
    const l = limits({ perSessionPerMinute: 10, perIpPerMinute: 3 });
    expect((await l.consumeRest('sid-a', '10.0.0.1')).allowed).toBe(true);
    expect((await l.consumeRest('sid-a', '10.0.0.1')).allowed).toBe(true);
    expect((await l.consumeRest('sid-b', '10.0.0.1')).allowed).toBe(true);
    const denied = await l.consumeRest('sid-b', '10.0.0.1');
    expect(denied).toMatchObject({ allowed: false, limit: 3, remaining: 0, policy: 'viewer-ip' });
    expect(denied.resetSeconds).toBeGreaterThanOrEqual(1);
    expect((await l.consumeRest('sid-c', '10.0.0.1')).allowed).toBe(false);
    // The same sessions from another address are only bound by their own quota.
    expect((await l.consumeRest('sid-c', '10.0.0.9')).allowed).toBe(true);
  });

  it('reports the tighter of the two policies while allowed', async () => {
    const l = limits({ perSessionPerMinute: 10, perIpPerMinute: 4 });
    // session 9/10 left, IP 3/4 left: the IP is the closer one to its limit.
    expect(await l.consumeRest('sid-a', '10.0.0.1')).toMatchObject({
      allowed: true,
      policy: 'viewer-ip',
      limit: 4,
      remaining: 3,
    });
    const m = limits({ perSessionPerMinute: 2, perIpPerMinute: 100 });
    expect(await m.consumeRest('sid-a', '10.0.0.1')).toMatchObject({
      allowed: true,
      policy: 'viewer-session',
      limit: 2,
      remaining: 1,
    });
  });
});

describe('allowNewSession', () => {
  it('issues at most N sessions per IP per minute', async () => {
    const l = limits({ sessionsPerIpPerMinute: 2 });
    expect(await l.allowNewSession('10.0.0.1')).toBe(true);
    expect(await l.allowNewSession('10.0.0.1')).toBe(true);
    expect(await l.allowNewSession('10.0.0.1')).toBe(false);
    expect(await l.allowNewSession('10.0.0.2')).toBe(true);
  });
});

describe('openSocket', () => {
  it('caps open sockets per session', () => {
    const l = limits({ wsPerSession: 2 });
    const a = l.openSocket('sid-a', '10.0.0.1');
    const b = l.openSocket('sid-a', '10.0.0.1');
    expect(a).toBeTypeOf('function');
    expect(b).toBeTypeOf('function');
    expect(l.openSocket('sid-a', '10.0.0.1')).toBeNull();
    expect(l.openSocket('sid-a', '10.0.0.2')).toBeNull(); // the session's cap holds on any address
    expect(l.openSocket('sid-b', '10.0.0.1')).toBeTypeOf('function');
    a!();
    expect(l.openSocket('sid-a', '10.0.0.1')).toBeTypeOf('function');
    expect(l.openSocket('sid-a', '10.0.0.1')).toBeNull();
  });

  it('caps open sockets per IP across sessions', () => {
    const l = limits({ wsPerSession: 1, wsPerIp: 2 });
    const a = l.openSocket('sid-a', '10.0.0.1');
    expect(a).not.toBeNull();
    expect(l.openSocket('sid-b', '10.0.0.1')).not.toBeNull();
    expect(l.openSocket('sid-c', '10.0.0.1')).toBeNull();
    expect(l.openSocket('sid-c', '10.0.0.2')).not.toBeNull();
    a!();
    expect(l.openSocket('sid-d', '10.0.0.1')).not.toBeNull();
    expect(l.openSocket('sid-e', '10.0.0.1')).toBeNull();
  });

  it('release is idempotent: releasing twice frees one slot, not two', () => {
    const l = limits({ wsPerSession: 1, wsPerIp: 2 });
    const a = l.openSocket('sid-a', '10.0.0.1')!;
    const b = l.openSocket('sid-b', '10.0.0.1')!;
    expect(b).not.toBeNull();
    a();
    a();
    a();
    // IP count is 1 (sid-b) after the release: one more fits, the next does not.
    expect(l.openSocket('sid-c', '10.0.0.1')).not.toBeNull();
    expect(l.openSocket('sid-d', '10.0.0.1')).toBeNull();
    // sid-b still holds its only slot.
    expect(l.openSocket('sid-b', '10.0.0.3')).toBeNull();
    b();
    b();
    expect(l.openSocket('sid-b', '10.0.0.3')).not.toBeNull();
    expect(l.openSocket('sid-b', '10.0.0.3')).toBeNull();
  });
});

describe('rateLimitHeaders', () => {
  it('formats RateLimit-Policy and RateLimit as structured fields', () => {
    expect(
      rateLimitHeaders({
        allowed: true,
        limit: 300,
        remaining: 299,
        resetSeconds: 60,
        policy: 'viewer-session',
        window: 60,
      }),
    ).toEqual({
      'ratelimit-policy': '"viewer-session";q=300;w=60',
      ratelimit: '"viewer-session";r=299;t=60',
    });
    expect(
      rateLimitHeaders({ allowed: false, limit: 3, remaining: 0, resetSeconds: 7, policy: 'viewer-ip', window: 60 }),
    ).toEqual({
      'ratelimit-policy': '"viewer-ip";q=3;w=60',
      ratelimit: '"viewer-ip";r=0;t=7',
    });
    // Several policies: one list item each (minute and day windows of a plan).
    expect(
      rateLimitHeaders([
        { allowed: true, limit: 60, remaining: 59, resetSeconds: 60, policy: 'free-minute', window: 60 },
        { allowed: true, limit: 10_000, remaining: 9_999, resetSeconds: 86_400, policy: 'free-day', window: 86_400 },
      ]),
    ).toEqual({
      'ratelimit-policy': '"free-minute";q=60;w=60, "free-day";q=10000;w=86400',
      ratelimit: '"free-minute";r=59;t=60, "free-day";r=9999;t=86400',
    });
  });

  it('matches the headers of a real decision', async () => {
    const d = await limits({ perSessionPerMinute: 3 }).consumeRest('sid-a', '10.0.0.1');
    const h = rateLimitHeaders(d);
    expect(h['ratelimit-policy']).toBe('"viewer-session";q=3;w=60');
    expect(h.ratelimit).toMatch(/^"viewer-session";r=2;t=([1-9]|[1-5]\d|60)$/);
  });
});
