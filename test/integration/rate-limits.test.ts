/**
 * Plan limits against the real server process, with tiny limits set through PLAN_LIMITS: RateLimit
 * headers on every /v1 response, 429 problem+json with Retry-After past the limit, the per-IP limit
 * of requests without a valid key, the per-key WebSocket cap; once with counters in memory and once
 * in the machine's Redis (its own key prefix, deleted afterwards).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { ProblemSchema } from '@/lib/wire/schemas';
import { ensureBuild, startTestServer, type TestServer } from '../helpers/server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sl-test-${randomBytes(6).toString('hex')}`;
const LIMITS = {
  REPLAY: 'off',
  PLAN_LIMITS: JSON.stringify({ enterprise: { requests_per_minute: 3, websocket_connections: 1 } }),
  ANON_IP_RPM: '2',
};

const servers: Record<string, TestServer> = {};
beforeAll(async () => {
  await ensureBuild();
  const [memory, redis] = await Promise.all([
    startTestServer({ ...LIMITS, PAGES: 'off' }),
    startTestServer({ ...LIMITS, PAGES: 'off', REDIS_URL, RATE_LIMIT_PREFIX: prefix }),
  ]);
  Object.assign(servers, { memory, redis });
}, 180_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

async function get(s: TestServer, path: string, key: string | null = s.apiKey) {
  const res = await fetch(s.baseUrl + path, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { res, body: JSON.parse(await res.text()) };
}

function wsStatus(s: TestServer): Promise<{ ws: WebSocket } | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(s.wsUrl, { headers: { authorization: `Bearer ${s.apiKey}` } });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', reject);
  });
}

describe.each(['memory', 'redis'])('plan limits with counters in %s', (kind) => {
  test("RateLimit headers on every response; past the plan's minute quota a 429 problem+json with Retry-After", async () => {
    const s = servers[kind];
    // Routing errors (unknown sport here) pass authentication and the limits like any other answer.
    for (const [i, [path, status]] of (
      [
        ['/v1/football/live', 200],
        ['/v1/nope/live', 404],
        ['/v1/football/live', 200],
      ] as const
    ).entries()) {
      const { res } = await get(s, path);
      expect(res.status).toBe(status);
      expect(res.headers.get('ratelimit-policy')).toBe(
        '"enterprise-minute";q=3;w=60, "enterprise-day";q=5000000;w=86400',
      );
      expect(res.headers.get('ratelimit')).toMatch(
        new RegExp(`^"enterprise-minute";r=${2 - i};t=\\d+, "enterprise-day";r=${4_999_999 - i};t=\\d+$`),
      );
    }
    const { res, body } = await get(s, '/v1/football/standings');
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(ProblemSchema.parse(body)).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(body.detail).toMatch(/enterprise plan allows 3 requests per minute/);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.headers.get('ratelimit')).toMatch(/^"enterprise-minute";r=0;t=\d+$/);
  });

  test('requests without a valid key are limited per IP: 401 with headers, then 429', async () => {
    const s = servers[kind];
    for (const key of [null, 'sl_not_a_real_key_000000000000000000000']) {
      const { res, body } = await get(s, '/v1/football/live', key);
      expect(res.status).toBe(401);
      expect(body.code).toBe('unauthorized');
      expect(res.headers.get('ratelimit-policy')).toBe('"anonymous-ip";q=2;w=60');
    }
    const { res, body } = await get(s, '/v1/football/live', null);
    expect(res.status).toBe(429);
    expect(body.code).toBe('rate_limited');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    // The public OpenAPI document counts against the same per-IP budget.
    const doc = await get(s, '/v1/openapi.json', null);
    expect(doc.res.status).toBe(429);
    expect(doc.res.headers.get('ratelimit')).toMatch(/^"anonymous-ip";r=0;t=\d+$/);
  });

  test("a key holds at most its plan's WebSocket connections", async () => {
    const s = servers[kind];
    const first = await wsStatus(s);
    expect('ws' in first).toBe(true);
    expect(await wsStatus(s)).toEqual({ status: 429 });
    (first as { ws: WebSocket }).ws.close();
    await new Promise((r) => setTimeout(r, 300));
    const again = await wsStatus(s);
    expect('ws' in again).toBe(true);
    (again as { ws: WebSocket }).ws.close();
  });
});

test('the Redis server keeps its counters in Redis under RATE_LIMIT_PREFIX', async () => {
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}:*`);
  await r.quit();
  expect(keys.some((k) => k.startsWith(`${prefix}:key-min-enterprise`))).toBe(true);
  expect(keys.some((k) => k.startsWith(`${prefix}:anon-ip`))).toBe(true);
});
