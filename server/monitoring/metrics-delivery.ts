/**
 * The delivery channels' metrics: WebSocket connections, subscriptions and server closes (from
 * the gateway's counts at scrape time), webhook attempts (timed as they end), in flight,
 * delivered / failed, given back, and the outbox backlog.
 */
import { Counter, Gauge, Histogram } from 'prom-client';
import { outboxStats } from '../webhooks/outbox';
import type { MetricsContext } from './metrics-context';

/** The WebSocket gateway's counts (server/ws/gateway.ts WsGateway.stats()). */
export interface GatewayStats {
  stats(): { connections: number; subscriptions: number; serverCloses?: ReadonlyMap<number, number> };
}

/** Registers the WebSocket metrics over `gateway`'s counts. */
export function websocketMetrics({ registers }: MetricsContext, gateway: GatewayStats): void {
  new Gauge({
    name: 'scoreline_ws_connections',
    help: 'Open /v1/ws connections.',
    registers,
    collect() {
      this.set(gateway.stats().connections);
    },
  });
  new Gauge({
    name: 'scoreline_ws_subscriptions',
    help: 'Subscriptions over all open /v1/ws connections.',
    registers,
    collect() {
      this.set(gateway.stats().subscriptions);
    },
  });
  new Counter({
    name: 'scoreline_ws_server_closes_total',
    help: 'WebSocket connections the server closed since start, by close code (4002: slow consumer, send buffer full; 4000 idle; 4001 key revoked; 4003 malformed messages; 1011 internal error).',
    labelNames: ['code'],
    registers,
    collect() {
      this.reset();
      for (const [code, n] of gateway.stats().serverCloses ?? []) this.inc({ code: String(code) }, n);
    },
  });
}

/**
 * Registers the webhook metrics and sets the dispatcher's `onAttempt` (when this process has
 * one) to time each attempt. The backlog is a store query at scrape time (kept on failure).
 */
export function webhookMetrics({ services, registers, safely }: MetricsContext): void {
  const attempts = new Histogram({
    name: 'scoreline_webhook_attempt_duration_seconds',
    help: 'Webhook delivery attempts by outcome (delivered, failed_attempt): request sent to answer (or failure), seconds.',
    labelNames: ['outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  if (services.webhooks)
    services.webhooks.onAttempt = (ms, ok) =>
      attempts.observe({ outcome: ok ? 'delivered' : 'failed_attempt' }, ms / 1000);
  new Gauge({
    name: 'scoreline_webhook_in_flight',
    help: 'Webhook delivery attempts in flight.',
    registers,
    collect() {
      this.set(services.webhooks?.busy ?? 0);
    },
  });
  new Counter({
    name: 'scoreline_webhook_deliveries_total',
    help: 'Webhook delivery attempts since start by outcome (delivered, failed_attempt).',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset();
      this.inc({ outcome: 'delivered' }, services.webhooks?.counters.delivered ?? 0);
      this.inc({ outcome: 'failed_attempt' }, services.webhooks?.counters.failed_attempts ?? 0);
    },
  });
  new Counter({
    name: 'scoreline_webhook_claims_given_back_total',
    help: 'Claimed webhook deliveries given back unsent since start (too little of the claim lease left for an attempt: a slow endpoint). Claimed again, in order.',
    registers,
    collect() {
      this.reset();
      this.inc(services.webhooks?.counters.given_back ?? 0);
    },
  });
  new Gauge({
    name: 'scoreline_webhook_backlog',
    help: 'Pending webhook deliveries in the outbox.',
    registers,
    async collect() {
      await safely('webhook backlog', async () => this.set((await outboxStats(services.store)).pending));
    },
  });
}
