/**
 * Prometheus metrics (prom-client) of one server: its own Registry (never the global default, so
 * several servers can run in one process), Node process metrics, API requests
 * (metrics-requests.ts, labelled by route-groups.ts), the feed from the bus (metrics-feed.ts),
 * WebSocket and webhook (metrics-delivery.ts), process and store (metrics-process.ts) and source
 * adapter (metrics-adapters.ts) gauges read at scrape time. GET /metrics serves the text format;
 * METRICS_TOKEN, when set, guards it. Metric reference: docs/operations.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { ResponseObserver } from '../http/response-observer';
import { adapterMetrics } from './metrics-adapters';
import { metricsContext, type MetricsServices } from './metrics-context';
import { type GatewayStats, webhookMetrics, websocketMetrics } from './metrics-delivery';
import { feedMetrics } from './metrics-feed';
import { processMetrics } from './metrics-process';
import { requestMetrics } from './metrics-requests';
import { type RoutePattern, routeGroups } from './route-groups';

export type { MetricsServices } from './metrics-context';
export type { GatewayStats } from './metrics-delivery';
export type { RoutePattern } from './route-groups';

/** One server's metrics: the registry, the request observer, the /metrics answer. */
export interface Metrics {
  registry: Registry;
  /** Counts and times an API request (/v1, /sandbox/v1) when its response closes (server/http/response-observer.ts); 499 when it never finished. */
  observeRequest: ResponseObserver;
  /** Answers GET/HEAD /metrics (401 without the token when METRICS_TOKEN is set, 405 for other methods). */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** Stops following the bus and drops every metric. */
  close(): void;
}

/** True when `header` is `Bearer <token>` (constant-time comparison of SHA-256 digests). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return !!m && timingSafeEqual(digest(m[1]), digest(token));
}

/**
 * Builds the metrics of one server over `services` and `gateway`, and starts following the bus;
 * `routes` (server/api/routes.ts ROUTES) name the requests' route_group label. Scrape-time reads
 * that fail (store queries) keep their previous value and log at warn.
 */
export function createMetrics(
  services: MetricsServices,
  gateway: GatewayStats,
  routes: readonly RoutePattern[],
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'scoreline_' });
  const ctx = metricsContext(services, registry);
  const observeRequest = requestMetrics(ctx.registers, routeGroups(routes));
  const stopFeed = feedMetrics(ctx);
  websocketMetrics(ctx, gateway);
  webhookMetrics(ctx);
  processMetrics(ctx);
  adapterMetrics(ctx);

  return {
    registry,
    observeRequest,
    async handle(req, res) {
      const headers = { 'cache-control': 'no-store' };
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return void res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      const token = services.config.METRICS_TOKEN;
      if (token && !bearerMatches(req.headers.authorization, token)) {
        return void res
          .writeHead(401, {
            ...headers,
            'content-type': 'text/plain; charset=utf-8',
            'www-authenticate': 'Bearer realm="metrics"',
          })
          .end('METRICS_TOKEN required\n');
      }
      try {
        const body = await registry.metrics();
        res
          .writeHead(200, { ...headers, 'content-type': registry.contentType })
          .end(req.method === 'HEAD' ? undefined : body);
      } catch (err) {
        services.log.error({ err }, 'metrics: scrape failed');
        if (!res.headersSent)
          res.writeHead(500, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      }
    },
    close() {
      stopFeed();
      registry.clear();
    },
  };
}
