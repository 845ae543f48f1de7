/**
 * Operator endpoints against the real server process (replay at 120×, pages off): /metrics parsed
 * with a Prometheus text-format parser (npm parse-prometheus-text-format), /healthz, /readyz, and
 * METRICS_TOKEN on a second, minimal server.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';

interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[];
}
// The package ships no types: load its CommonJS build with a typed signature. Its one limitation:
// a histogram with labels comes back as one unlabelled bucket set (label sets are merged), so
// per-label histogram series are read from the text with histogramCount() below.
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

const TOKEN = 'ops-test-token-0123456789';
let s: TestServer;
let guarded: TestServer;
let ws: WebSocket | undefined;

beforeAll(async () => {
  [s, guarded] = await Promise.all([
    startTestServer({ REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1', PAGES: 'off' }),
    startTestServer({ REPLAY: 'off', BOOTSTRAP: 'off', PAGES: 'off', METRICS_TOKEN: TOKEN }),
  ]);
}, 180_000);

afterAll(async () => {
  ws?.terminate();
  await Promise.all([s?.stop(), guarded?.stop()]);
});

type Scrape = Map<string, Family> & { text: string };

/** Scrapes /metrics and returns the families by name (and the raw text). */
async function scrape(server: TestServer = s, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await res.text();
  expect(text).not.toContain(server.apiKey);
  return Object.assign(new Map(parse(text).map((f) => [f.name, f])), { text });
}

/** Sum of a counter/gauge family's samples whose labels include `labels`. */
function sum(families: Scrape, name: string, labels: Record<string, string> = {}): number {
  const f = families.get(name);
  if (!f) throw new Error(`metric family ${name} missing`);
  return f.metrics
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((a, m) => a + Number(m.value), 0);
}

/** Sum of the `_count` samples of histogram `name` whose label set contains every `name="value"` of `labels`. */
function histogramCount(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const lines = scraped.text.split('\n').filter((l) => l.startsWith(`${name}_count`));
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return lines.filter((l) => wanted.every((w) => l.includes(w))).reduce((a, l) => a + Number(l.split(' ').at(-1)), 0);
}

describe('/healthz and /readyz', () => {
  test('/healthz answers 200 without a key', async () => {
    const r = await getJson(s, '/healthz', null);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  test('/readyz answers 200 with the store and migrations checks ok', async () => {
    const r = await getJson(s, '/readyz', null);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ready', checks: { store: 'ok', migrations: 'ok' } });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('/metrics', () => {
  test('families exist; requests, WebSocket connections and feed events are counted', async () => {
    ws = new WebSocket(s.wsUrl, { headers: { authorization: `Bearer ${s.apiKey}` } });
    const subscribed = new Promise<void>((resolve, reject) => {
      ws!.on('message', (d) => JSON.parse(d.toString()).type === 'subscribed' && resolve());
      ws!.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => ws!.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ channel: 'football.live' }));
    await subscribed;
    expect((await getJson(s, '/v1/football/live')).status).toBe(200);

    const first = await scrape();
    for (const name of [
      'scoreline_http_requests_total',
      'scoreline_http_request_duration_seconds',
      'scoreline_feed_events_total',
      'scoreline_feed_ingest_lag_seconds',
      'scoreline_feed_last_seq',
      'scoreline_feed_last_event_timestamp_seconds',
      'scoreline_odds_ticks_total',
      'scoreline_ws_connections',
      'scoreline_ws_subscriptions',
      'scoreline_webhook_backlog',
      'scoreline_webhook_deliveries_total',
      'scoreline_store_size_bytes',
      'scoreline_live_matches',
      'scoreline_process_cpu_seconds_total',
      'scoreline_nodejs_eventloop_lag_seconds',
    ])
      expect(first.has(name), name).toBe(true);

    expect(
      sum(first, 'scoreline_http_requests_total', { route_group: '/v1/{sport}/live', method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(first.get('scoreline_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(
      histogramCount(first, 'scoreline_http_request_duration_seconds', {
        route_group: '/v1/{sport}/live',
        method: 'GET',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sum(first, 'scoreline_ws_connections')).toBeGreaterThanOrEqual(1);
    expect(sum(first, 'scoreline_ws_subscriptions')).toBeGreaterThanOrEqual(1);
    expect(sum(first, 'scoreline_feed_last_seq')).toBeGreaterThan(0);
    expect(sum(first, 'scoreline_store_size_bytes', { kind: 'pglite' })).toBeGreaterThan(0);
    expect(sum(first, 'scoreline_webhook_backlog')).toBeGreaterThanOrEqual(0);
    expect(first.get('scoreline_live_matches')!.metrics.map((m) => m.labels?.sport)).toContain('football');
    expect(
      first
        .get('scoreline_webhook_deliveries_total')!
        .metrics.map((m) => m.labels?.outcome)
        .sort(),
    ).toEqual(['delivered', 'failed_attempt']);

    const before = sum(first, 'scoreline_feed_events_total');
    const later = await waitFor(
      'feed events to grow between scrapes',
      async () => {
        const m = await scrape();
        return sum(m, 'scoreline_feed_events_total') > before ? m : null;
      },
      60_000,
    );
    expect(sum(later, 'scoreline_feed_events_total', { sport: 'football', source: 'replay' })).toBeGreaterThan(0);
    expect(sum(later, 'scoreline_feed_last_event_timestamp_seconds', { source: 'replay' })).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
    expect(later.get('scoreline_feed_ingest_lag_seconds')!.type).toBe('HISTOGRAM');
    expect(histogramCount(later, 'scoreline_feed_ingest_lag_seconds', { sport: 'football' })).toBeGreaterThan(0);
    expect(sum(later, 'scoreline_feed_last_seq')).toBeGreaterThanOrEqual(sum(first, 'scoreline_feed_last_seq'));
  }, 90_000);

  test('METRICS_TOKEN: 401 without the bearer token, 200 with it', async () => {
    const res = await fetch(`${guarded.baseUrl}/metrics`);
    expect(res.status).toBe(401);
    expect(
      (await fetch(`${guarded.baseUrl}/metrics`, { headers: { authorization: `Bearer ${guarded.apiKey}` } })).status,
    ).toBe(401);
    const families = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(families.has('scoreline_feed_events_total')).toBe(true);
    expect((await getJson(guarded, '/healthz', null)).status).toBe(200);
  });
});
