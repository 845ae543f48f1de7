import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROUTES } from '../api/routes';
import { FeedBus } from '../engine/bus';
import type { FeedMessage, OddsMessage } from '../engine/types';
import { openMemoryStore, type Store } from '../store/db';
import { createMetrics, type Metrics, type MetricsServices } from './metrics';
import { routeGroups } from './route-groups';

const routeGroup = routeGroups(ROUTES);

describe('routeGroup', () => {
  test.each([
    ['/v1/football/live', '/v1/{sport}/live'],
    ['/v1/basketball/live?league=nba&api_key=secret', '/v1/{sport}/live'],
    ['/v1/football/matches/12345', '/v1/{sport}/matches/{id}'],
    ['/v1/football/matches/12345/win-probability', '/v1/{sport}/matches/{id}/win-probability'],
    ['/v1/football/matches/live', '/v1/{sport}/matches/live'],
    ['/v1/ice-hockey/odds/history/', '/v1/{sport}/odds/history'],
    ['/v1/keys/current/rotate', '/v1/keys/current/rotate'],
    ['/v1/webhooks/wh_abc123/deliveries/dlv_xyz/retry', '/v1/webhooks/{id}/deliveries/{delivery_id}/retry'],
    ['/v1/openapi.json', '/v1/openapi.json'],
    ['/sandbox/v1/football/standings', '/sandbox/v1/{sport}/standings'],
    ['/v1/no/such/path/secret-key-here', '/v1/*'],
    ['/v1', '/v1/*'],
    ['/sandbox/whatever', '/sandbox/*'],
  ])('%s → %s', (url, group) => expect(routeGroup(url)).toBe(group));

  test('every route maps to its own template: placeholders for its parameters, no regex syntax', () => {
    for (const r of ROUTES) {
      const sample = r.pattern.source
        .replace(/\(([^)]*)\)/g, (_, g: string) =>
          g.startsWith('wh_') ? 'wh_1' : g.startsWith('dlv_') ? 'dlv_1' : g.startsWith('\\d') ? '12' : 'football',
        )
        .replace(/^\^|\$$/g, '')
        .replace(/\\(.)/g, '$1');
      expect(r.pattern.test(sample)).toBe(true);
      const group = routeGroup(sample);
      for (const n of r.names) expect(group).toContain(`{${n}}`);
      expect(group).not.toMatch(/[()\\[\]^$]|football|wh_1|dlv_1|\/12(\/|$)/);
    }
  });
});

describe('createMetrics', () => {
  let store: Store;
  let bus: FeedBus;
  let metrics: Metrics;
  const live = { lastSeq: 41, list: (sport: string) => (sport === 'football' ? [{}, {}] : []) };
  const webhooks = { counters: { delivered: 3, failed_attempts: 1 }, busy: 2 };
  const services = (token?: string) =>
    ({
      config: { METRICS_TOKEN: token },
      store,
      bus,
      live,
      webhooks,
      log: pino({ level: 'silent' }),
    }) as unknown as MetricsServices;

  beforeAll(async () => {
    store = await openMemoryStore();
    bus = new FeedBus();
    metrics = createMetrics(services(), { stats: () => ({ connections: 5, subscriptions: 7 }) }, ROUTES);
  });
  afterAll(async () => {
    metrics.close();
    await store.close();
  });

  /** The value of one series of `name` (histograms: `series` is e.g. `${name}_bucket`) with these labels. */
  async function value(name: string, labels: Record<string, string> = {}, series = name): Promise<number | undefined> {
    const m = await metrics.registry.getSingleMetric(name)!.get();
    return (m.values as { value: number; labels: Record<string, unknown>; metricName?: string }[]).find(
      (v) => (v.metricName ?? name) === series && Object.entries(labels).every(([k, x]) => String(v.labels[k]) === x),
    )?.value;
  }

  test('counts bus events with lag, last seq and timestamps', async () => {
    const occurred = '2026-06-01T12:00:00.000Z';
    const msg = (received: string) =>
      ({
        seq: 42,
        event: { sport: 'football', source: 'replay', occurred_at: occurred, received_at: received },
        fixture: { sport: 'football' },
      }) as unknown as FeedMessage;
    bus.publish([msg('2026-06-01T12:00:00.300Z'), msg('2026-06-01T11:59:59.000Z')]); // second: clock skew, clamped to 0
    bus.publishOdds([{ seq: 43, fixture: { sport: 'football' }, ticks: [{}, {}, {}] } as unknown as OddsMessage]);
    expect(await value('scoreline_feed_events_total', { sport: 'football', source: 'replay' })).toBe(2);
    expect(
      await value(
        'scoreline_feed_ingest_lag_seconds',
        { sport: 'football', le: '0.05' },
        'scoreline_feed_ingest_lag_seconds_bucket',
      ),
    ).toBe(1);
    expect(
      await value(
        'scoreline_feed_ingest_lag_seconds',
        { sport: 'football', le: '0.5' },
        'scoreline_feed_ingest_lag_seconds_bucket',
      ),
    ).toBe(2);
    expect(await value('scoreline_feed_last_event_timestamp_seconds', { source: 'replay' })).toBe(
      Date.parse('2026-06-01T11:59:59.000Z') / 1000,
    );
    expect(await value('scoreline_odds_ticks_total', { sport: 'football' })).toBe(3);
    expect(await value('scoreline_feed_last_seq')).toBe(41);
  });

  test('reads gateway, webhook, store and live gauges at scrape time', async () => {
    expect(await value('scoreline_ws_connections')).toBe(5);
    expect(await value('scoreline_ws_subscriptions')).toBe(7);
    expect(await value('scoreline_webhook_deliveries_total', { outcome: 'delivered' })).toBe(3);
    expect(await value('scoreline_webhook_deliveries_total', { outcome: 'failed_attempt' })).toBe(1);
    expect(await value('scoreline_webhook_in_flight')).toBe(2);
    expect(await value('scoreline_webhook_backlog')).toBe(0);
    expect(await value('scoreline_store_size_bytes', { kind: 'pglite' })).toBeGreaterThan(0);
    expect(await value('scoreline_live_matches', { sport: 'football' })).toBe(2);
    expect(await value('scoreline_live_matches', { sport: 'esports' })).toBe(0);
    expect(await metrics.registry.getSingleMetric('scoreline_process_cpu_seconds_total')).toBeDefined();
  });

  test('a second server in the same process gets its own registry', () => {
    const other = createMetrics(services(), { stats: () => ({ connections: 0, subscriptions: 0 }) }, ROUTES);
    expect(other.registry).not.toBe(metrics.registry);
    other.close();
  });

  describe('GET /metrics', () => {
    let server: http.Server;
    let base: string;
    const guarded = () =>
      createMetrics(
        services('s3cret-token-0123456789'),
        { stats: () => ({ connections: 0, subscriptions: 0 }) },
        ROUTES,
      );
    let withToken: Metrics;
    beforeAll(async () => {
      withToken = guarded();
      server = http.createServer((req, res) => void (req.url === '/open' ? metrics : withToken).handle(req, res));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      withToken.close();
      await new Promise((r) => server.close(r));
    });

    test('open without METRICS_TOKEN: Prometheus text format, no-store', async () => {
      const res = await fetch(`${base}/open`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toContain('# TYPE scoreline_feed_events_total counter');
      expect((await fetch(`${base}/open`, { method: 'POST' })).status).toBe(405);
    });

    test('with METRICS_TOKEN: 401 without or with a wrong bearer token, 200 with it', async () => {
      const missing = await fetch(`${base}/metrics`);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(
        (await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
      ).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 's3cret-token-0123456789' } })).status).toBe(
        401,
      );
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer s3cret-token-0123456789' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('scoreline_ws_connections');
    });
  });
});
