/**
 * Redis unreachable while clients call the API. The real server runs with REDIS_URL pointing at a
 * TCP proxy (test/helpers/tcp-proxy.ts) in front of the machine's Redis, with its own counter
 * prefix (deleted afterwards). The documented choice (docs/security.md, docs/access.md): limits
 * fail open to a local in-memory limiter while Redis is down — every process enforces the plan's
 * limits on its own counters, so limits still hold per process — and return to the shared Redis
 * counters by themselves once Redis answers again. Asserted: no 5xx, no crash, the local limiter
 * still answers 429 past the plan's limit, and after the proxy restores, requests are counted in
 * Redis again (continuing from the count before the outage) without a restart.
 * Prints the outage length, the answers during it and the recovery time. Takes ≈ 15 s plus the server's start.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `sl-fault-${randomBytes(6).toString('hex')}`;
const PER_MINUTE = 60; // the free plan
const RECOVERY_LIMIT_MS = 5_000;
const OUTAGE_MS = 10_000;

let proxy: TcpProxy;
let s: TestServer;
let redis: Redis;

async function live(key: string | null = s.apiKey) {
  const started = Date.now();
  const res = await fetch(`${s.baseUrl}/v1/football/live`, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
    signal: AbortSignal.timeout(5_000),
  });
  const body = await res.text();
  return {
    status: res.status,
    ms: Date.now() - started,
    remaining: res.headers.get('ratelimit'),
    type: res.headers.get('content-type') ?? '',
    body,
  };
}

/** The key's per-minute counter in Redis (rate-limiter-flexible keeps consumed points as an integer). */
async function sharedCount(): Promise<number> {
  const keys = await redis.keys(`${PREFIX}:key-min-free:*`);
  expect(keys.filter((k) => !k.includes('insurance'))).toHaveLength(1);
  return Number(await redis.get(keys[0]));
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  const url = new URL(REDIS_URL);
  proxy = await startTcpProxy({ port: Number(url.port || 6379), host: url.hostname });
  s = await startTestServer(
    {
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      RATE_LIMIT_PREFIX: PREFIX,
      INITIAL_API_KEY_PLAN: 'free',
      REPLAY: 'off',
      BOOTSTRAP: 'off',
      PAGES: 'off',
    },
    { listenTimeoutMs: 240_000 },
  );
}, 300_000);

afterAll(async () => {
  await s?.stop();
  await proxy?.close();
  if (redis) {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
});

test('Redis down: limits fail open to the local limiter (no 5xx, still 429 past the plan), then return to the shared counters without a restart', async () => {
  for (let i = 0; i < 10; i++) expect((await live()).status).toBe(200);
  expect(await sharedCount()).toBe(10);

  proxy.cut();
  const outageStart = Date.now();
  const during = new Map<number, number>();
  let slowest = 0;
  for (let i = 0; i < PER_MINUTE + 10; i++) {
    const r = await live();
    during.set(r.status, (during.get(r.status) ?? 0) + 1);
    slowest = Math.max(slowest, r.ms);
    expect([200, 429], r.body).toContain(r.status);
  }
  // Requests without a valid key meet the local anonymous limiter: 401, never 5xx.
  const anon = await live(null);
  expect(anon.status).toBe(401);
  expect(anon.type).toContain('application/problem+json');
  // Fail open to the local limiter: the plan's limit is enforced on this process's own counters.
  expect(during.get(200)).toBe(PER_MINUTE);
  expect(during.get(429)).toBe(10);
  expect(await sharedCount()).toBe(10); // nothing reached Redis
  // Keep Redis away for OUTAGE_MS in all (ioredis backs off between reconnection attempts meanwhile).
  let later = 0;
  while (Date.now() - outageStart < OUTAGE_MS) {
    const r = await live();
    expect(r.status, r.body).toBe(429);
    later++;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(s.proc.exitCode).toBeNull();
  const outageMs = Date.now() - outageStart;

  proxy.restore();
  const restoredAt = Date.now();
  // Back on the shared counters: the count continues from 10 (the local 60 are forgotten).
  const back = await waitFor(
    'a request counted in Redis again',
    async () => {
      const r = await live();
      expect(r.status).toBeLessThan(500);
      const n = await sharedCount();
      return n > 10 ? { r, n } : null;
    },
    RECOVERY_LIMIT_MS,
    200,
  );
  const recoveryMs = Date.now() - restoredAt;
  expect(back.r.status).toBe(200);
  expect(back.n).toBe(11);
  expect(
    s
      .logs()
      .split('\n')
      .filter((l) => /uncaught|unhandled/i.test(l)),
  ).toEqual([]);

  console.log(
    `[faults/redis] outage ${(outageMs / 1000).toFixed(1)} s: ${PER_MINUTE + 10} keyed requests answered ${JSON.stringify(Object.fromEntries(during))} by the local limiter ` +
      `(slowest ${slowest} ms) and ${later} more 429s, no 5xx; shared Redis counters in use again ${recoveryMs} ms after restore (count continued 10 → ${back.n})`,
  );
}, 60_000);
