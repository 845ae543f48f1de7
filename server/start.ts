/**
 * Starts Scoreline in this process: store, feed engine, bundled data, live cache, replay,
 * one HTTP server carrying /v1 (plain handlers), /v1/ws (WebSocket) and the Next.js pages.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { MAX_BODY_BYTES, MAX_OPS_BODY_BYTES } from './api/body';
import { ApiError, problem } from './api/problem';
import { handleApi } from './api/app';
import type { RequestMeta } from './api/handler';
import { KeyVerifier } from './auth/keys';
import { KeyLimits } from './auth/key-limits';
import { LimiterStore } from './auth/limiter-store';
import { resolvePlans } from './auth/plans';
import { ViewerLimits } from './auth/viewer-limits';
import { loadSessionSecret, ViewerSessions } from './auth/viewer-session';
import { ensureApiKey, importBundledData } from './bootstrap';
import { sharedSecret } from './cluster/shared-secret';
import { instanceIdOf, onceAcrossCluster, openBus, takeRole } from './cluster/start-cluster';
import { handleClients } from './clients-route';
import type { Config } from './config';
import { FeedBus } from './engine/bus';
import { FeedEngine } from './engine/engine';
import { LiveCache } from './engine/live-cache';
import { sendWebResponse, toWebRequest } from './http/bridge';
import { attachMeta, createAccessLog } from './http/access-log';
import { observeResponses } from './http/response-observer';
import { installClientErrors, SERVER_TIMEOUTS } from './http/client-error';
import { serveCachedRead } from './http/fast-read';
import { handToNext } from './http/next-api';
import { refuseBadHost, refuseBadHostUpgrade } from './http/host';
import { clientIp, issueViewerSession, renewViewerSession } from './http/viewer-session-route';
import { createHealth } from './monitoring/health';
import { seedEmptyStore } from './seed/seed';
import { createMetrics } from './monitoring/metrics';
import { startFeedStats } from './monitoring/feed-stats';
import { startSandbox, type Sandbox } from './sandbox/sandbox';
import { setServices, type Services } from './services';
import { openStore } from './store/db';
import { prepareWebhookSecrets } from './webhooks/seal-secrets';
import { WsGateway } from './ws/gateway';
import { LOG_SERIALIZERS } from './log-errors';
import { ROOT } from './root';

export interface RunningServer {
  services: Services;
  server: http.Server;
  port: number;
  stop(): Promise<void>;
}

/** stdout through SonicBoom, asynchronous, buffered to 4 KiB with a 200 ms periodic flush (pino.destination options). */
const LOG_DESTINATION = { dest: 1, sync: false, minLength: 4096, periodicFlush: 200 } as const;

/** Starts everything; resolves once the port is listening. Errors: config/store errors propagate. */
export async function startServer(config: Config, opts: { pages?: boolean } = {}): Promise<RunningServer> {
  // An asynchronous, buffered destination: a log line (one per API request) never waits for stdout;
  // lines are written in ≥ 4 KiB chunks or every 200 ms, whichever comes first, and flushed at exit
  // (a kill -9 can lose the last 200 ms of lines, never a request).
  const log = pino(
    { level: config.LOG_LEVEL, base: { service: 'scoreline' }, serializers: LOG_SERIALIZERS },
    pino.destination(LOG_DESTINATION),
  );
  const instanceId = config.DATABASE_URL ? instanceIdOf(config) : undefined;
  const open = () =>
    openStore({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      instanceId,
      onConnectionError: (err) =>
        log.warn(
          { reason: { code: (err as { code?: string }).code, message: err.message } },
          'store connection lost (the pool reconnects on the next query)',
        ),
    });
  // Embedded store, first start: copy the prebuilt seed of these sports when one is ready (server/seed).
  const seeded =
    !config.DATABASE_URL && config.BOOTSTRAP === 'on'
      ? seedEmptyStore(config.dataDir, path.resolve(ROOT, config.STORE_SEED_DIR), config.BOOTSTRAP_SPORTS)
      : null;
  if (seeded) log.info({ seed: seeded }, 'store seeded with the bundled data (prebuilt seed)');
  let store = await open();
  // Embedded store, first start: import the bundled data through a throwaway engine, then reopen the
  // store. PGlite's wasm heap never shrinks, so the import's high-water would otherwise stay resident
  // for the life of the process (bench/startup-memory.ts). The import below then finds it done.
  if (
    store.kind === 'pglite' &&
    config.BOOTSTRAP === 'on' &&
    (await importBundledData(new FeedEngine(store, new FeedBus()), log, config.BOOTSTRAP_SPORTS))
  ) {
    await store.close();
    store = await open();
  }
  log.info(
    { store: store.kind, dataDir: config.DATABASE_URL ? undefined : config.dataDir, instance: instanceId },
    'store open',
  );
  const secrets = await prepareWebhookSecrets(store.db, config).catch(async (e) => {
    await store.close();
    throw e;
  });
  if (secrets.sealed) log.info({ endpoints: secrets.sealed }, 'webhook signing secrets encrypted at rest');
  // On PostgreSQL the bus follows the committed log, whichever process wrote it (docs/deploy.md).
  const { bus, follower } = await openBus(store, config, log);
  const engine = new FeedEngine(store, bus);
  await onceAcrossCluster(config, async () => {
    if (config.BOOTSTRAP === 'on') await importBundledData(engine, log, config.BOOTSTRAP_SPORTS);
    await ensureApiKey(engine, config.INITIAL_API_KEY, log, config.INITIAL_API_KEY_PLAN, config.OPERATOR_API_KEY);
  });
  const live = await LiveCache.start(store, bus);
  const plans = resolvePlans(config.PLAN_LIMITS);
  const limiterStore = config.REDIS_URL
    ? await LimiterStore.redis(config.REDIS_URL, config.RATE_LIMIT_PREFIX)
    : LimiterStore.memory(config.RATE_LIMIT_PREFIX);
  log.info({ store: limiterStore.kind }, 'rate limits');
  const keyLimits = new KeyLimits(plans, config.ANON_IP_RPM, limiterStore, {
    sandboxPerMinute: config.SANDBOX_IP_RPM,
    keyCreatesPerHour: config.KEY_CREATE_PER_IP_PER_HOUR,
  });
  // Every process of a cluster signs viewer sessions with one secret, kept in the store.
  const viewers = new ViewerSessions(
    config.DATABASE_URL && !config.SESSION_SECRET
      ? await sharedSecret(store.db, 'viewer_session')
      : loadSessionSecret(config.dataDir, config.SESSION_SECRET),
  );
  const viewerLimits = new ViewerLimits(
    {
      perSessionPerMinute: config.VIEWER_RPM,
      perIpPerMinute: config.VIEWER_IP_RPM,
      wsPerSession: config.VIEWER_WS_PER_SESSION,
      wsPerIp: config.VIEWER_WS_PER_IP,
      sessionsPerIpPerMinute: config.VIEWER_SESSIONS_PER_IP_PER_MIN,
    },
    limiterStore,
  );
  const services: Services = {
    environment: 'production',
    config,
    store,
    bus,
    engine,
    live,
    keys: new KeyVerifier(store.db),
    viewers,
    viewerLimits,
    keyLimits,
    log,
    startedAt: Date.now(),
    webhooks: null,
    secrets: secrets.box,
  };
  setServices(services);

  let nextHandler: ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | null = null;
  const nextUpgrades = new EventEmitter();
  if (opts.pages !== false) {
    const { default: next } = await import('next');
    // Next attaches its own 'upgrade' listener to the server it is given (or, by default, to the
    // server of the first page request) and answers every upgrade its routes match — with the API
    // mounted at app/v1/[[...route]], that includes /v1/ws, which it closed right after the gateway
    // accepted it. It gets a stand-in instead, fed only the upgrades that are Next's (/_next/*).
    const app = next({
      dev: config.NODE_ENV !== 'production',
      dir: ROOT,
      quiet: true,
      httpServer: nextUpgrades as unknown as http.Server,
    });
    await app.prepare();
    const handle = app.getRequestHandler();
    nextHandler = (req, res) => handle(req, res);
  }

  const gateway = new WsGateway(services);
  services.gatewayStats = gateway;
  const accessLog = createAccessLog(log);
  // Operator endpoints (docs/operations.md): /metrics, /healthz, /readyz — outside /v1, no key.
  const metrics = createMetrics(services, gateway);
  const feedStats = (services.feedStats = startFeedStats(services)); // GET /v1/ops/health, docs/operations.md
  // When an API response closes: its access log line, request metrics and feed health counts.
  const observeApi = observeResponses([accessLog.observer, metrics.observeRequest, feedStats.observeResponse], (err) =>
    log.error({ err }, 'response observer failed'),
  );
  const health = createHealth(services);
  // The sandbox (/sandbox/v1) is built in the background once the port listens: 503 until then.
  let sandbox: Sandbox | null = null;
  let sandboxGateway: WsGateway | null = null;
  let sandboxState: 'off' | 'starting' | 'ready' | 'failed' = config.SANDBOX === 'on' ? 'starting' : 'off';
  let stopped = false;

  /** The services that answer an API path: production for /v1, the sandbox's for /sandbox/v1; else a problem response. */
  function apiTarget(isSandbox: boolean, instance: string, requestId: string): Services | Response {
    if (!isSandbox) return services;
    if (sandbox) return sandbox.services;
    if (sandboxState === 'off')
      return problem('not_found', 'The sandbox is off on this server (SANDBOX=off).', instance, requestId);
    const detail =
      sandboxState === 'failed'
        ? 'The sandbox failed to start; see the server log.'
        : 'The sandbox is loading its sample data; retry in a few seconds.';
    return problem('unavailable', detail, instance, requestId, { 'retry-after': '5' }, true);
  }

  const server = http.createServer(SERVER_TIMEOUTS, (req, res) => {
    if (refuseBadHost(req, res)) return; // routes come from req.url only; a malformed Host is 400
    const url = req.url ?? '/';
    const pathname = url.split('?')[0];
    if (pathname === '/metrics')
      return void metrics.handle(req, res).catch((err) => log.error({ err }, 'metrics failed'));
    if (pathname === '/healthz' || pathname === '/readyz')
      return void health.handle(req, res).catch((err) => log.error({ err }, 'health check failed'));
    if (pathname === '/clients' || pathname.startsWith('/clients/'))
      return handleClients(req, res, path.resolve(ROOT, config.CLIENTS_DIR)); // client packages (docs/clients.md)
    const isSandbox = url === '/sandbox' || url.startsWith('/sandbox/') || url.startsWith('/sandbox?');
    if (isSandbox || url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')) {
      const requestId = accessLog.begin(req);
      const meta: RequestMeta & { requestId: string } = { ip: clientIp(req), requestId };
      observeApi(req, res);
      attachMeta(req, meta);
      const instance = url.split('?')[0];
      // A cached read whose answer is current is served from its bytes (server/http/fast-read.ts).
      const target = apiTarget(isSandbox, instance, meta.requestId);
      if (nextHandler && config.API_LANE === 'next' && /^\/(sandbox\/)?v1(\/|\?|$)/.test(url)) {
        // API_LANE=next: the same API app, mounted in Next (app/v1/[[...route]]/route.ts).
        handToNext(req, target, meta, (done) => res.on('close', done));
        void nextHandler(req, res).catch((err) => log.error({ err }, 'API request through Next failed'));
        return;
      }
      if (!(target instanceof Response) && serveCachedRead(req, res, target, meta)) return;
      Promise.resolve()
        .then(async () => {
          return target instanceof Response
            ? target
            : handleApi(
                await toWebRequest(
                  req,
                  url.startsWith('/v1/ops/') ? MAX_OPS_BODY_BYTES : MAX_BODY_BYTES,
                  config.BODY_TIMEOUT_S * 1000,
                ),
                target,
                meta,
              );
        })
        .then((r) => sendWebResponse(res, r, req.method === 'HEAD'))
        .catch((err) => {
          // A body refused while reading (413 past the limit, 408 too slow): its problem, then the connection closes.
          const refused =
            err instanceof ApiError
              ? problem(err.code, err.detail, instance, meta.requestId, err.headers, isSandbox)
              : null;
          if (!refused) log.warn({ err, requestId: meta.requestId }, 'unparseable API request');
          if (!res.headersSent)
            void sendWebResponse(
              res,
              refused ?? problem('invalid_parameter', 'The request could not be parsed.', instance, meta.requestId),
              false,
            );
          else res.end();
        });
      return;
    }
    if (url === '/session') {
      void renewViewerSession(req, res, services).catch((err) => log.error({ err }, 'session renewal failed'));
      return;
    }
    if (nextHandler) {
      void issueViewerSession(req, res, services)
        .then(() => nextHandler!(req, res))
        .catch((err) => log.error({ err }, 'page failed'));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  // Idle keep-alive sockets stay open 65 s (Node's default 5 s races clients that reuse a socket just as it closes).
  server.keepAliveTimeout = 65_000;
  installClientErrors(server); // Node's own refusals (408 past SERVER_TIMEOUTS, 400, 431) as problem+json
  server.on('upgrade', (req, socket, head) => {
    if (refuseBadHostUpgrade(req, socket)) return;
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/v1/ws') void gateway.handleUpgrade(req, socket, head);
    else if (pathname === '/sandbox/v1/ws') {
      if (sandboxGateway) void sandboxGateway.handleUpgrade(req, socket, head);
      else {
        const body = JSON.stringify({
          type: '/docs/errors#unavailable',
          title: 'Service Unavailable',
          status: 503,
          detail: 'The sandbox is not ready (or is off); retry in a few seconds.',
          instance: '/sandbox/v1/ws',
          code: 'unavailable',
          sandbox: true,
        });
        socket.end(
          `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
        );
      }
    } else if (pathname.startsWith('/_next/') && nextUpgrades.listenerCount('upgrade') > 0)
      nextUpgrades.emit('upgrade', req, socket, head); // Next's own (dev HMR)
    else socket.destroy();
  });

  // Replay, model odds, webhooks, adapters: here, or on the elected process of a cluster (server/cluster/singletons.ts).
  const role = await takeRole(services, follower, () => gateway.recheckKeys());

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const port = (server.address() as { port: number }).port;
  log.info(
    { port, replay: config.REPLAY, speed: config.REPLAY_SPEED, instance: instanceId },
    `Scoreline listening on http://localhost:${port}`,
  );

  if (sandboxState === 'starting') {
    void startSandbox(services, {
      replaySpeed: config.SANDBOX_REPLAY_SPEED,
      leadMs: config.REPLAY_LEAD_SECONDS * 1000,
      dataDir: config.dataDir,
      sampleDir: config.SANDBOX_SAMPLE_DIR,
    }).then(
      (sb) => {
        if (stopped) return void sb.stop();
        sandbox = sb;
        sandboxGateway = new WsGateway(sb.services);
        sandboxState = 'ready';
      },
      (err) => {
        sandboxState = 'failed';
        log.error({ err }, 'sandbox failed to start');
      },
    );
  }

  return {
    services,
    server,
    port,
    async stop() {
      stopped = true;
      const roleStopped = role.stop();
      // Stop listening first, so clients told "going away" cannot reconnect to this process.
      const closed = new Promise<void>((r) => server.close(() => r()));
      gateway.close();
      sandboxGateway?.close();
      server.closeAllConnections();
      await closed;
      await roleStopped;
      await sandbox?.stop();
      metrics.close();
      feedStats.close();
      await store.close();
      await limiterStore.close();
      setServices(undefined);
    },
  };
}
