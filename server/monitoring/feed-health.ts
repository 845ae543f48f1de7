/**
 * The operators' feed-health report (issue "Operators"; GET /v1/ops/health, the /ops/health page):
 * per-source freshness, rate and ingest lag, silent live matches, WebSocket clients, webhooks, API
 * request and error rates, store size, adapters. Shape: lib/wire/ops-health.ts FeedHealthSchema.
 */
import type { FeedHealth } from '@/lib/wire/ops-health';
import type { Services } from '../services';
import { storeFigures, webhookStoreFigures } from './feed-health-store';
import { FeedStats, type SourceFigures } from './feed-stats';
import { findSilentMatches } from './silent-matches';

/** What the report reads from the running services, and their feed-health tracker (feed-stats.ts feedStatsOf). */
export type FeedHealthServices = Pick<
  Services,
  'config' | 'store' | 'live' | 'webhooks' | 'startedAt' | 'adapters' | 'gatewayStats'
> & { feedStats?: FeedStats };

const iso = (ms: number) => new Date(ms).toISOString();

/** A source's figures in the wire shape (times ISO 8601 UTC, ages seconds, lag milliseconds). */
function sourceOut(s: SourceFigures, nowMs: number): FeedHealth['sources'][number] {
  return {
    name: s.name,
    last_event_at: s.last_event_ms == null ? null : iso(s.last_event_ms),
    last_event_age_s: s.last_event_ms == null ? null : Math.max(0, Math.round((nowMs - s.last_event_ms) / 100) / 10),
    events_per_minute: { last_1m: s.events_last_minute, avg_15m: s.events_per_minute_15m },
    series: s.series.map((p) => ({ minute: iso(p.minute), events: p.events, backfill: p.backfill })),
    lag_ms: { p50: s.lag.p50, p95: s.lag.p95, max: s.lag.max, samples: s.lag.samples },
    backfill: { since_start: s.backfill_total, last_hour: s.backfill_last_hour },
  };
}

/**
 * Builds the feed-health report at `nowMs` (FeedHealthSchema). Without `services.feedStats`
 * (a server that does not track its feed) sources and API figures are empty.
 * Errors: rejects with the store's error when a store query fails.
 */
export async function collectFeedHealth(services: FeedHealthServices, nowMs = Date.now()): Promise<FeedHealth> {
  const stats = services.feedStats ?? new FeedStats(null, () => nowMs);
  const [silent, store, hooks] = await Promise.all([
    findSilentMatches(services.live, services.feedStats, services.store, services.config.REPLAY_SPEED, nowMs),
    storeFigures(services.store, nowMs),
    webhookStoreFigures(services.store, nowMs),
  ]);
  const api = stats.apiFigures(nowMs);
  const ws = services.gatewayStats?.stats() ?? { connections: 0, subscriptions: 0 };
  return {
    generated_at: iso(nowMs),
    uptime_s: Math.max(0, Math.round((nowMs - services.startedAt) / 1000)),
    sources: stats.sourceFigures(nowMs).map((s) => sourceOut(s, nowMs)),
    silent_matches: silent.silent,
    live_matches: silent.live,
    websocket: { connections: ws.connections, subscriptions: ws.subscriptions },
    webhooks: {
      delivering: services.webhooks != null,
      endpoints: hooks.endpoints,
      backlog: hooks.backlog,
      in_flight: services.webhooks?.busy ?? 0,
      last_hour: {
        ...hooks.last_hour,
        success_rate: hooks.last_hour.attempts
          ? Math.round((hooks.last_hour.succeeded / hooks.last_hour.attempts) * 1000) / 1000
          : null,
      },
      last_failure: hooks.last_failure && {
        at: iso(hooks.last_failure.at_ms),
        endpoint_id: hooks.last_failure.endpoint_id,
        status_code: hooks.last_failure.status_code,
        error: hooks.last_failure.error,
      },
    },
    api: {
      requests_last_1m: api.requests_last_minute,
      client_errors_last_1m: api.client_errors_last_minute,
      server_errors_last_1m: api.server_errors_last_minute,
      series: api.series.map((p) => ({
        minute: iso(p.minute),
        requests: p.requests,
        client_errors: p.client_errors,
        server_errors: p.server_errors,
      })),
    },
    store: { kind: store.kind, size_bytes: store.size_bytes, rows: store.rows, measured_at: iso(store.measured_ms) },
    adapters: (services.adapters ?? []).map((r) => ({ ...r.status() })),
  };
}
