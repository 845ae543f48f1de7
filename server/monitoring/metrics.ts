/**
 * Prometheus metrics (prom-client) of one server: its own Registry (never the global default, so
 * several servers can run in one process), Node process metrics, API requests, the feed (from the
 * bus), WebSocket, webhook, store and live-match gauges read at scrape time. GET /metrics serves
 * the text format; METRICS_TOKEN, when set, guards it. Metric reference: docs/operations.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SPORTS } from '@/lib/sports';
import { readsOf } from '../read-cache/reads';
import type { Services } from '../services';
import { outboxStats } from '../webhooks/outbox';
import type { AdapterStatus } from '../adapters/runner-status';
import { feedStatsOf } from './feed-stats';
import { checkReadiness, type Readiness } from './health';
import { findSilentMatches } from './silent-matches';
import type { ResponseObserver } from '../http/response-observer';

/** What the metrics read from the running services. */
export type MetricsServices = Pick<
  Services,
  'config' | 'store' | 'bus' | 'live' | 'webhooks' | 'log' | 'environment' | 'engine' | 'cluster' | 'adapters'
>;

/** The WebSocket gateway's counts (server/ws/gateway.ts WsGateway.stats()). */
export interface GatewayStats {
  stats(): { connections: number; subscriptions: number; serverCloses?: ReadonlyMap<number, number> };
}

export interface Metrics {
  registry: Registry;
  /** Counts and times an API request (/v1, /sandbox/v1) when its response closes (server/http/response-observer.ts); 499 when it never finished. */
  observeRequest: ResponseObserver;
  /** Answers GET/HEAD /metrics (401 without the token when METRICS_TOKEN is set, 405 for other methods). */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** Stops following the bus and drops every metric. */
  close(): void;
}

/** A route's path template: its pattern with each capture group replaced by `{name}`. */
function templateOf(pattern: RegExp, names: string[]): string {
  let i = 0;
  return pattern.source
    .replace(/\([^)]*\)/g, () => `{${names[i++] ?? 'param'}}`)
    .replace(/^\^|\$$/g, '')
    .replace(/\\(.)/g, '$1');
}

/** What the route_group label reads of a route (server/api/routes.ts Route): its matcher and its parameters' names. */
export interface RoutePattern {
  /** Matches the routed path (trailing slashes and /sandbox dropped); one group per parameter. */
  pattern: RegExp;
  names: string[];
}

/** The public documents (server/api/router.ts), outside the route table. */
const DOCUMENT_TEMPLATES = [
  { pattern: /^\/v1\/openapi\.json$/, template: '/v1/openapi.json' },
  { pattern: /^\/v1\/asyncapi\.json$/, template: '/v1/asyncapi.json' },
  { pattern: /^\/v1\/schemas\/ws\.json$/, template: '/v1/schemas/ws.json' },
];

/** routeGroup's answers per path are memoized up to this many paths (cleared when full), so a request costs no regex scan. */
const MAX_MEMO = 4096;

/**
 * The `route_group` labeller over `routes` (the server's ROUTES, passed in by the wiring): the
 * low-cardinality label of an API URL — the matching route's template (`/v1/{sport}/matches/{id}`,
 * `/sandbox/v1/{sport}/live`), `/v1/*` or `/sandbox/*` when no route matches. Query strings, ids,
 * sport slugs and keys never appear in it.
 */
export function routeGroups(routes: readonly RoutePattern[]): (url: string) => string {
  const templates = [
    ...DOCUMENT_TEMPLATES,
    ...routes.map((r) => ({ pattern: r.pattern, template: templateOf(r.pattern, r.names) })),
  ];
  const groups = new Map<string, string>();
  const groupOf = (pathname: string): string => {
    let path = pathname.replace(/\/+$/, '') || '/';
    const sandbox = path === '/sandbox' || path.startsWith('/sandbox/');
    if (sandbox) path = path.slice('/sandbox'.length) || '/';
    const hit = templates.find((t) => t.pattern.test(path));
    return hit ? (sandbox ? '/sandbox' : '') + hit.template : sandbox ? '/sandbox/*' : '/v1/*';
  };
  return (url) => {
    const pathname = url.split('?')[0];
    let group = groups.get(pathname);
    if (group === undefined) {
      if (groups.size >= MAX_MEMO) groups.clear();
      group = groupOf(pathname);
      groups.set(pathname, group);
    }
    return group;
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

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
  const routeGroup = routeGroups(routes);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'scoreline_' });
  const registers = [registry];
  const safely = async (what: string, f: () => Promise<void>) => {
    try {
      await f();
    } catch (err) {
      services.log.warn({ err }, `metrics: reading ${what} failed`);
    }
  };

  const requests = new Counter({
    name: 'scoreline_http_requests_total',
    help: 'API requests (/v1, /sandbox/v1) by route group, method and status (499: client closed first).',
    labelNames: ['route_group', 'method', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'scoreline_http_request_duration_seconds',
    help: 'API request duration in seconds, from arrival to the end of the response.',
    labelNames: ['route_group', 'method'],
    registers,
  });
  const events = new Counter({
    name: 'scoreline_feed_events_total',
    help: 'Match events stored and published since start.',
    labelNames: ['sport', 'source'],
    registers,
  });
  const lag = new Histogram({
    name: 'scoreline_feed_ingest_lag_seconds',
    help: 'received_at minus occurred_at of stored events, in seconds (negatives count as 0).',
    labelNames: ['sport'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 3600],
    registers,
  });
  const lastEvent = new Gauge({
    name: 'scoreline_feed_last_event_timestamp_seconds',
    help: 'Unix time (received_at) of the last stored event per source.',
    labelNames: ['source'],
    registers,
  });
  const odds = new Counter({
    name: 'scoreline_odds_ticks_total',
    help: 'Odds ticks stored and published since start.',
    labelNames: ['sport'],
    registers,
  });
  new Gauge({
    name: 'scoreline_feed_last_seq',
    help: 'Highest seq published (match events and odds ticks).',
    registers,
    collect() {
      this.set(services.live.lastSeq);
    },
  });
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
    name: 'scoreline_cluster_leader',
    help: 'Whether this process runs the singletons (adapters, replay, webhook dispatch): 1 or 0; always 1 without a cluster.',
    registers,
    collect() {
      this.set(services.cluster ? Number(services.cluster.leadership.isLeader) : 1);
    },
  });
  // One readiness check per scrape, read by both gauges (store_up is collected first: registration order).
  let readiness: Promise<Readiness> = Promise.resolve({
    status: 'not_ready',
    checks: { store: 'pending', migrations: 'pending' },
  });
  new Gauge({
    name: 'scoreline_store_up',
    help: 'Whether the store answered the readiness check at scrape time: 1 or 0 (PostgreSQL unreachable: 0).',
    registers,
    async collect() {
      readiness = checkReadiness(services);
      this.set(Number((await readiness).checks.store === 'ok'));
    },
  });
  new Gauge({
    name: 'scoreline_ready',
    help: 'Whether /readyz answers ready (store reachable, migrations applied) at scrape time: 1 or 0.',
    registers,
    async collect() {
      this.set(Number((await readiness).status === 'ready'));
    },
  });
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
  new Counter({
    name: 'scoreline_read_cache_lookups_total',
    help: 'Cached /v1 reads (docs/api.md, caching) by outcome: hit (answered from the cached bytes) or miss (built by the handler).',
    labelNames: ['outcome'],
    registers,
    collect() {
      const { cache } = readsOf(services);
      this.reset();
      this.inc({ outcome: 'hit' }, cache.hits);
      this.inc({ outcome: 'miss' }, cache.misses);
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
  new Gauge({
    name: 'scoreline_store_size_bytes',
    help: 'Approximate size of the store in bytes.',
    labelNames: ['kind'],
    registers,
    async collect() {
      await safely('store size', async () => this.set({ kind: services.store.kind }, await services.store.sizeBytes()));
    },
  });
  new Gauge({
    name: 'scoreline_silent_live_matches',
    help: "Matches in play whose latest event is older than their sport's normal gap (their source stopped sending), per sport; read at scrape time.",
    labelNames: ['sport'],
    registers,
    async collect() {
      await safely('silent matches', async () => {
        const { silent } = await findSilentMatches(
          services.live,
          feedStatsOf(services),
          services.store,
          services.config.REPLAY_SPEED,
        );
        for (const s of SPORTS) this.set({ sport: s }, silent.filter((m) => m.sport === s).length);
      });
    },
  });
  // Upstream source adapters (server/adapters, docs/adapters.md), one label set per source, read at scrape time.
  const adapterGauge = (name: string, help: string, value: (s: AdapterStatus) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers,
      collect() {
        this.reset();
        for (const r of services.adapters ?? []) {
          const s = r.status();
          const v = value(s);
          if (v != null) this.set({ source: s.name }, v);
        }
      },
    });
  adapterGauge('scoreline_adapter_up', 'Whether the source adapter is running: 1 or 0.', (s) => Number(s.running));
  adapterGauge(
    'scoreline_adapter_live',
    "Whether the adapter's last poll saw a followed game in progress (the live interval applies): 1 or 0.",
    (s) => Number(s.live),
  );
  adapterGauge(
    'scoreline_adapter_consecutive_failures',
    'Polls of the source that failed in a row (0 after a success).',
    (s) => s.consecutive_failures,
  );
  adapterGauge(
    'scoreline_adapter_last_success_timestamp_seconds',
    "Unix time of the source's last successful poll (absent before one).",
    (s) => (s.last_success_at ? Date.parse(s.last_success_at) / 1000 : null),
  );
  adapterGauge(
    'scoreline_adapter_requests_last_minute',
    'Upstream requests counted in the current minute window of the source.',
    (s) => s.requests_last_minute,
  );
  adapterGauge(
    'scoreline_adapter_request_budget_per_minute',
    "The source's request budget per minute (<SOURCE>_REQUESTS_PER_MINUTE).",
    (s) => s.request_budget_per_minute,
  );
  new Counter({
    name: 'scoreline_adapter_requests_total',
    help: 'Upstream requests of each source adapter since start.',
    labelNames: ['source'],
    registers,
    collect() {
      this.reset();
      for (const r of services.adapters ?? []) this.inc({ source: r.status().name }, r.status().requests_total);
    },
  });
  new Gauge({
    name: 'scoreline_live_matches',
    help: 'Matches in play (in_play, break, suspended) per sport.',
    labelNames: ['sport'],
    registers,
    collect() {
      for (const s of SPORTS) this.set({ sport: s }, services.live.list(s).length);
    },
  });

  const offEvents = services.bus.subscribe((m) => {
    const { sport, source, occurred_at, received_at } = m.event;
    const received = Date.parse(received_at);
    events.inc({ sport, source });
    const l = (received - Date.parse(occurred_at)) / 1000;
    if (Number.isFinite(l)) lag.observe({ sport }, Math.max(0, l));
    if (Number.isFinite(received)) lastEvent.set({ source }, received / 1000);
  });
  const offOdds = services.bus.subscribeOdds((m) => odds.inc({ sport: m.fixture.sport }, m.ticks.length));

  // Per batch of responses (server/http/response-observer.ts): one counter increment per label set.
  const counts = new Map<string, { group: string; method: string; status: string; n: number }>();
  const observeRequest: ResponseObserver = (req, res, elapsedMs, finished) => {
    const group = routeGroup(req.url ?? '/');
    const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
    const status = finished ? String(res.statusCode) : '499';
    const key = `${group} ${method} ${status}`;
    const c = counts.get(key);
    if (c) c.n += 1;
    else counts.set(key, { group, method, status, n: 1 });
    duration.observe({ route_group: group, method }, elapsedMs / 1000);
  };
  observeRequest.flush = () => {
    for (const c of counts.values()) requests.inc({ route_group: c.group, method: c.method, status: c.status }, c.n);
    counts.clear();
  };

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
      offEvents();
      offOdds();
      registry.clear();
    },
  };
}
