/**
 * Plan limits per key, in memory and in the machine's real Redis (127.0.0.1:6379): two KeyLimits
 * on one Redis share their counts, as two Scoreline processes behind a load balancer would.
 * Each run uses its own key prefix and deletes its keys afterwards.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyLimits } from './key-limits';
import { LimiterStore } from './limiter-store';
import { DEFAULT_PLANS, resolvePlans } from './plans';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sl-test-${randomBytes(6).toString('hex')}`;
const stores: LimiterStore[] = [];

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

const tiny = resolvePlans('{"free":{"requests_per_minute":3,"requests_per_day":5},"pro":{"requests_per_minute":4}}');

describe('KeyLimits (memory)', () => {
  it('allows a plan its per-minute quota, then refuses with the time to reset', async () => {
    const l = new KeyLimits(tiny, 10);
    for (let i = 0; i < 3; i++) expect((await l.consumeKey(1, 'free')).every((d) => d.allowed)).toBe(true);
    const [minute] = await l.consumeKey(1, 'free');
    expect(minute).toMatchObject({ allowed: false, policy: 'free-minute', limit: 3, remaining: 0, window: 60 });
    expect(minute.resetSeconds).toBeGreaterThanOrEqual(1);
    // Another key and another plan have their own counters.
    expect((await l.consumeKey(2, 'free'))[0].allowed).toBe(true);
    expect((await l.consumeKey(1, 'pro'))[0]).toMatchObject({ allowed: true, remaining: 3, limit: 4 });
  });
  it('reports the day window too, and refuses when the day quota is gone', async () => {
    const l = new KeyLimits(resolvePlans('{"free":{"requests_per_minute":100,"requests_per_day":2}}'), 10);
    const first = await l.consumeKey(7, 'free');
    expect(first.map((d) => [d.policy, d.remaining, d.window])).toEqual([
      ['free-minute', 99, 60],
      ['free-day', 1, 86_400],
    ]);
    await l.consumeKey(7, 'free');
    const third = await l.consumeKey(7, 'free');
    expect(third[1]).toMatchObject({ allowed: false, policy: 'free-day' });
  });
  it('limits requests without a valid key per IP', async () => {
    const l = new KeyLimits(DEFAULT_PLANS, 2);
    expect((await l.consumeAnonymous('10.1.1.1')).allowed).toBe(true);
    expect((await l.consumeAnonymous('10.1.1.1')).allowed).toBe(true);
    expect(await l.consumeAnonymous('10.1.1.1')).toMatchObject({ allowed: false, policy: 'anonymous-ip' });
    expect((await l.consumeAnonymous('10.1.1.2')).allowed).toBe(true);
  });
});

describe('KeyLimits (Redis)', () => {
  it("shares counts between two processes' limiters on one Redis", async () => {
    const a = await LimiterStore.redis(REDIS_URL, prefix);
    const b = await LimiterStore.redis(REDIS_URL, prefix);
    stores.push(a, b);
    expect(a.kind).toBe('redis');
    const la = new KeyLimits(tiny, 10, a);
    const lb = new KeyLimits(tiny, 10, b);
    expect((await la.consumeKey(42, 'free'))[0].remaining).toBe(2);
    expect((await lb.consumeKey(42, 'free'))[0].remaining).toBe(1);
    expect((await la.consumeKey(42, 'free'))[0].remaining).toBe(0);
    expect((await lb.consumeKey(42, 'free'))[0]).toMatchObject({ allowed: false, policy: 'free-minute' });
    const r = new Redis(REDIS_URL);
    expect((await r.keys(`${prefix}:key-min-free*`)).length).toBe(1);
    await r.quit();
  });
  it('refuses to start when Redis cannot be reached', async () => {
    await expect(LimiterStore.redis('redis://127.0.0.1:1', prefix)).rejects.toThrow();
  });
});
