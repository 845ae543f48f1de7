/**
 * Starts Scoreline in this process: the services (server/open-services.ts), one HTTP server whose
 * front (server/http/front.ts) carries /v1 and /sandbox/v1 (plain handlers), the operator
 * endpoints and the Next.js pages, its upgrades (server/http/upgrades.ts: /v1/ws), the sandbox
 * mount (server/sandbox/mount.ts) and the shutdown (server/shutdown.ts). Wiring only.
 */
import http from 'node:http';
import { ROUTES } from './api/routes';
import { takeRole } from './cluster/start-cluster';
import type { Config } from './config';
import { createAccessLog } from './http/access-log';
import { installClientErrors, SERVER_TIMEOUTS } from './http/client-error';
import { createFront } from './http/front';
import { openPages } from './http/pages';
import { observeResponses } from './http/response-observer';
import { routeUpgrades } from './http/upgrades';
import { createHealth } from './monitoring/health';
import { startFeedStats } from './monitoring/feed-stats';
import { createMetrics } from './monitoring/metrics';
import { memoryMiB } from './monitoring/memory-mib';
import { openServices } from './open-services';
import { mountSandbox } from './sandbox/mount';
import { setServices, type Services } from './services';
import { shutdown } from './shutdown';
import { WsGateway } from './ws/gateway';
import { warmPrematch } from './read/prematch-passes';
import { startFinishedSeries } from './win-probability/finished-series';

export interface RunningServer {
  services: Services;
  server: http.Server;
  port: number;
  stop(): Promise<void>;
}

/** Starts everything; resolves once the port is listening. Errors: config/store errors propagate. */
export async function startServer(config: Config, opts: { pages?: boolean } = {}): Promise<RunningServer> {
  const { services, follower, limiterStore, instanceId } = await openServices(config);
  const { log } = services;
  setServices(services);
  const pages = opts.pages !== false ? await openPages(config) : null;
  if (pages) log.info({ memory_mib: memoryMiB() }, 'pages open');
  const gateway = new WsGateway(services);
  services.gatewayStats = gateway;
  const accessLog = createAccessLog(log);
  // Operator endpoints (docs/operations.md): /metrics, /healthz, /readyz — outside /v1, no key.
  const metrics = createMetrics(services, gateway, ROUTES);
  const feedStats = startFeedStats(services); // GET /v1/ops/health (feedStatsOf), docs/operations.md
  // When an API response closes: its access log line, request metrics and feed health counts.
  const observeApi = observeResponses([accessLog.observer, metrics.observeRequest, feedStats.observeResponse], (err) =>
    log.error({ err }, 'response observer failed'),
  );
  // The sandbox (/sandbox/v1) is built in the background once the port listens: 503 until then.
  const sandbox = mountSandbox(services, config);
  const front = createFront({
    services,
    metrics,
    health: createHealth(services),
    accessLog,
    observeApi,
    apiTarget: sandbox.target,
    pages: pages?.handler ?? null,
  });
  const server = http.createServer(SERVER_TIMEOUTS, front);
  // Idle keep-alive sockets stay open 65 s (Node's default 5 s races clients that reuse a socket just as it closes).
  server.keepAliveTimeout = 65_000;
  installClientErrors(server); // Node's own refusals (408 past SERVER_TIMEOUTS, 400, 431) as problem+json
  routeUpgrades(server, { gateway, sandboxGateway: sandbox.gateway, nextUpgrades: pages?.upgrades ?? null });

  // Replay, model odds, webhooks, adapters: here, or on the elected process of a cluster (server/cluster/singletons.ts).
  const role = await takeRole(services, follower, () => gateway.recheckKeys());

  // The rows' pre-match passes, computed in their thread (the national-team seed file is read there
  // too) before the port listens: the event loop stays free meanwhile, and no read waits for a
  // sport's first pass (bench/startup-memory.ts saw /v1/football/live p99 6 s without the wait).
  await warmPrematch(services.store.db).catch((err) => log.warn({ err }, 'pre-match passes not warmed'));
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const port = (server.address() as { port: number }).port;
  log.info(
    { port, replay: config.REPLAY, speed: config.REPLAY_SPEED, instance: instanceId, memory_mib: memoryMiB() },
    `Scoreline listening on http://localhost:${port}`,
  );
  sandbox.start();
  // Every finished match's win-probability series, recomputed off the event loop (docs/odds.md).
  if (config.WIN_PROBABILITY_RECOMPUTE === 'on')
    startFinishedSeries(services.store.db, { log, subscribe: (f) => services.bus.subscribe(f) });
  const running = { services, server, gateway, sandbox, role, metrics, feedStats, limiterStore };
  return { services, server, port, stop: () => shutdown(running) };
}
