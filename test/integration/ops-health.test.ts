/**
 * GET /v1/ops/health against the real server process (replay at 120×, pages off): operator key
 * only (401 without a key, 403 with a data key), a schema-valid report in which the replay source
 * is fresh with events per minute, WebSocket clients counted, API requests counted, store size.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { FeedHealthSchema, type FeedHealth } from '@/lib/wire/ops-health';
import { getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';

const OPERATOR_KEY = 'ops_health_test_operator_key_0123';
let s: TestServer;
let ws: WebSocket | undefined;

beforeAll(async () => {
  s = await startTestServer({
    OPERATOR_API_KEY: OPERATOR_KEY,
    REPLAY_SPEED: '120',
    REPLAY_LEAD_SECONDS: '1',
    PAGES: 'off',
  });
}, 180_000);

afterAll(async () => {
  ws?.terminate();
  await s?.stop();
});

/** GET /v1/ops/health with the operator key, validated against the wire schema. */
async function report(): Promise<FeedHealth> {
  const r = await getJson(s, '/v1/ops/health', OPERATOR_KEY);
  expect(r.status).toBe(200);
  expect(r.headers.get('cache-control')).toBe('no-store');
  return FeedHealthSchema.parse(r.body);
}

describe('GET /v1/ops/health', () => {
  test('no key: 401; a data key: 403 forbidden_role', async () => {
    const anon = await getJson(s, '/v1/ops/health', null);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('unauthorized');
    const data = await getJson(s, '/v1/ops/health');
    expect(data.status).toBe(403);
    expect(data.body.code).toBe('forbidden_role');
    expect(data.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  test('the operator key gets a schema-valid report; the replay source is fresh and moving', async () => {
    const r = await waitFor(
      'the replay source with events in the last minute',
      async () => {
        const h = await report();
        const replay = h.sources.find((x) => x.name === 'replay');
        return replay && replay.events_per_minute.last_1m > 0 ? { h, replay } : null;
      },
      60_000,
    );
    expect(r.replay.last_event_age_s).not.toBeNull();
    expect(r.replay.last_event_age_s!).toBeLessThan(30);
    expect(Date.parse(r.replay.last_event_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(r.replay.series).toHaveLength(60);
    expect(r.replay.series.reduce((a, p) => a + p.events, 0)).toBeGreaterThan(0);
    expect(r.replay.lag_ms.samples).toBeGreaterThan(0);
    // The bundled history was imported before the replay: seeded freshness, never in the lag.
    expect(r.replay.lag_ms.max!).toBeLessThan(3_600_000);
    expect(r.h.store.size_bytes).toBeGreaterThan(0);
    expect(r.h.store.kind).toBe('pglite');
    expect(r.h.store.rows.match_events).toBeGreaterThan(0);
    expect(r.h.store.rows.fixtures).toBeGreaterThan(0);
    expect(r.h.webhooks).toMatchObject({ delivering: true, backlog: 0, endpoints: { enabled: 0 } });
    expect(r.h.api.requests_last_1m).toBeGreaterThan(0); // the polls above
    expect(r.h.api.client_errors_last_1m).toBeGreaterThanOrEqual(2); // the 401 and the 403
    expect(Array.isArray(r.h.adapters)).toBe(true);
    for (const m of r.h.silent_matches) expect(m.silent_for_s).toBeGreaterThan(m.normal_gap_s);
  }, 90_000);

  test('WebSocket connections and subscriptions reflect an open /v1/ws client', async () => {
    const before = (await report()).websocket;
    ws = new WebSocket(s.wsUrl, { headers: { authorization: `Bearer ${s.apiKey}` } });
    const subscribed = new Promise<void>((resolve, reject) => {
      ws!.on('message', (d) => JSON.parse(d.toString()).type === 'subscribed' && resolve());
      ws!.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => ws!.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ channel: 'football.live' }));
    await subscribed;
    const during = (await report()).websocket;
    expect(during.connections).toBe(before.connections + 1);
    expect(during.subscriptions).toBe(before.subscriptions + 1);
    ws.terminate();
    await waitFor(
      'the closed client to be dropped',
      async () => (await report()).websocket.connections === before.connections,
      10_000,
      200,
    );
  });
});
