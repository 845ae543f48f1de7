/**
 * The API app mounted in Next (app/v1/[[...route]]/route.ts, app/sandbox/v1/[[...route]]/route.ts)
 * against the real built server with API_LANE=next: every /v1 and /sandbox/v1 request goes through
 * Next's handler (no fast path), and answers as the Node lane does — the same OpenAPI document,
 * reads with their RateLimit headers and ETag / 304, problem+json 401/404/405 with Allow, key
 * creation, the sandbox with its mark. The Node lane is what every other integration test runs.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildOpenApi } from '@/server/api/openapi-document';
import { ensureBuild, getJson, startTestServer, waitForSandbox, type TestServer } from '../helpers/server';
import { openRecorder } from '../helpers/ws-recorder';

let s: TestServer;

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({ API_LANE: 'next', PAGES: 'on', SANDBOX: 'on', REPLAY: 'off' });
  await waitForSandbox(s);
}, 600_000);

afterAll(async () => {
  await s?.stop();
});

test('the requests go through Next: its trailing-slash redirect answers before the app', async () => {
  const r = await fetch(`${s.baseUrl}/v1/football/live/`, {
    redirect: 'manual',
    headers: { authorization: `Bearer ${s.apiKey}` },
  });
  expect(r.status).toBe(308);
  expect(r.headers.get('location')).toBe('/v1/football/live');
});

test('GET /v1/openapi.json is the generated document, public and cacheable', async () => {
  const r = await getJson(s, '/v1/openapi.json', null);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/json');
  expect(r.headers.get('cache-control')).toBe('public, max-age=300');
  expect(r.body).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
});

test('a cached read: 200 with RateLimit headers and an ETag, then 304', async () => {
  const url = '/v1/football/standings?league=premier-league&season=2023-24';
  const r = await fetch(s.baseUrl + url, {
    headers: { authorization: `Bearer ${s.apiKey}`, 'x-request-id': 'next-lane-1' },
  });
  expect(r.status).toBe(200);
  expect(r.headers.get('x-request-id')).toBe('next-lane-1');
  expect(r.headers.get('ratelimit')).toBeTruthy();
  const body = await r.json();
  expect(body.data.length).toBeGreaterThan(0);
  const etag = r.headers.get('etag')!;
  expect(etag).toBeTruthy();
  const again = await fetch(s.baseUrl + url, {
    headers: { authorization: `Bearer ${s.apiKey}`, 'if-none-match': etag },
  });
  expect(again.status).toBe(304);
});

test('routing errors: 401 without a key, 404 and 405 (with Allow) as problem+json, unknown sport', async () => {
  const noKey = await getJson(s, '/v1/football/live', null);
  expect(noKey.status).toBe(401);
  expect(noKey.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const missing = await getJson(s, '/v1/nowhere');
  expect([missing.status, missing.body.code, missing.body.instance]).toEqual([404, 'not_found', '/v1/nowhere']);
  const sport = await getJson(s, '/v1/curling/live');
  expect([sport.status, sport.body.code]).toEqual([404, 'unknown_sport']);
  const r = await fetch(`${s.baseUrl}/v1/ops/teams`, { headers: { authorization: `Bearer ${s.apiKey}` } });
  expect(r.status).toBe(405);
  expect(r.headers.get('allow')).toBe('POST');
  const del = await fetch(`${s.baseUrl}/v1/football/live`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${s.apiKey}` },
  });
  expect(del.status).toBe(405);
  expect(del.headers.get('allow')).toBe('GET, HEAD');
  expect((await del.json()).detail).toBe('DELETE is not allowed here (allowed: GET, HEAD); the feed is read-only.');
});

test('POST /v1/keys creates a key that then reads the feed', async () => {
  const r = await fetch(`${s.baseUrl}/v1/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'next lane' }),
  });
  expect(r.status).toBe(201);
  const { key } = await r.json();
  expect((await getJson(s, '/v1/football/live', key)).status).toBe(200);
});

test('the sandbox mount: no key, every body marked, key management absent', async () => {
  const r = await getJson(s, '/sandbox/v1/football/live', null);
  expect(r.status).toBe(200);
  expect(r.body.sandbox).toBe(true);
  expect(r.headers.get('scoreline-environment')).toBe('sandbox');
  const keys = await getJson(s, '/sandbox/v1/keys/current', null);
  expect([keys.status, keys.body.code]).toEqual([404, 'not_found']);
  expect(keys.body.detail).toContain('The sandbox serves the read feed only');
});

test('after a page request, /v1/ws and /sandbox/v1/ws stay with the gateway (Next never takes their upgrade)', async () => {
  // Next hooks the upgrades of the server its first page request came through; with a route at
  // /v1/[[...route]] it closed the dashboard's WebSocket right after the gateway accepted it.
  expect((await fetch(`${s.baseUrl}/`)).status).toBe(200);
  for (const [url, key] of [
    [s.wsUrl, s.apiKey],
    [s.wsUrl.replace('/v1/ws', '/sandbox/v1/ws'), null],
  ] as const) {
    const ws = await openRecorder(url, key);
    ws.send({ type: 'subscribe', channel: 'football.live' });
    await ws.next((m) => m.type === 'subscribed');
    const closed = await Promise.race([ws.closed, new Promise((r) => setTimeout(() => r(null), 2_000))]);
    expect(closed).toBeNull();
    ws.ws.close();
  }
});
