/**
 * Opens what a Scoreline process serves from: its log, the store (seeded or imported on a first
 * embedded start), the feed bus and engine, the live cache, the rate limits and the viewer
 * sessions — the production {@link Services}. The HTTP server is wired on top (server/start.ts).
 */
import path from 'node:path';
import pino from 'pino';
import { KeyVerifier } from './auth/keys';
import { KeyLimits } from './auth/key-limits';
import { LimiterStore } from './auth/limiter-store';
import { resolvePlans } from './auth/plans';
import { ViewerLimits } from './auth/viewer-limits';
import { loadSessionSecret, ViewerSessions } from './auth/viewer-session';
import { ensureApiKey, importBundledData } from './bootstrap';
import { sharedSecret } from './cluster/shared-secret';
import { instanceIdOf, onceAcrossCluster, openBus } from './cluster/start-cluster';
import type { Config } from './config';
import { FeedEngine } from './engine/engine';
import { LiveCache } from './engine/live-cache';
import { LivePoints } from './read/live-points';
import { LOG_SERIALIZERS } from './log-errors';
import { memoryMiB } from './monitoring/memory-mib';
import { prematchPassesOf } from './read/prematch-passes';
import { ROOT } from './root';
import { importInChild } from './seed/first-import';
import { seedEmptyStore } from './seed/seed';
import type { Services } from './services';
import { openStore } from './store/db';
import { prepareWebhookSecrets } from './webhooks/seal-secrets';

/** stdout through SonicBoom, asynchronous, buffered to 4 KiB with a 200 ms periodic flush (pino.destination options). */
const LOG_DESTINATION = { dest: 1, sync: false, minLength: 4096, periodicFlush: 200 } as const;

/** The opened services, with what only the process's own wiring needs beside them. */
export interface OpenedServices {
  services: Services;
  /** The cluster's log follower on PostgreSQL (server/cluster/log-follower.ts); null on one process. */
  follower: Awaited<ReturnType<typeof openBus>>['follower'];
  limiterStore: LimiterStore;
  instanceId: string | undefined;
}

/** Opens the store and everything built on it. Errors: config/store errors propagate (the store is closed first). */
export async function openServices(config: Config): Promise<OpenedServices> {
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
  // Embedded store, first start without a seed: a child process imports the bundled data into the
  // data dir (server/seed/first-import.ts), so the import's memory leaves with it — PGlite's wasm
  // heap never shrinks, and an in-process import left ~300 MiB behind (bench/startup-memory.ts).
  // The import below then finds it done.
  if (!seeded && !config.DATABASE_URL && config.BOOTSTRAP === 'on') {
    const t0 = Date.now();
    if (await importInChild(config.dataDir, config.BOOTSTRAP_SPORTS, log))
      log.info({ ms: Date.now() - t0 }, 'imported bundled data in a child process');
  }
  const store = await open();
  log.info(
    {
      store: store.kind,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
      instance: instanceId,
      memory_mib: memoryMiB(),
    },
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
  const livePoints = new LivePoints(store.db, bus, live, log);
  // The rows' pre-match passes: stale after a finished match's event or a reference write, recomputed in a thread.
  const prematch = prematchPassesOf(store.db, log);
  prematch.watch(
    (f) => bus.subscribe(f),
    () => engine.referenceVersion,
  );
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
    livePoints,
    prematch,
    keys: new KeyVerifier(store.db),
    viewers,
    viewerLimits,
    keyLimits,
    log,
    startedAt: Date.now(),
    webhooks: null,
    secrets: secrets.box,
  };
  return { services, follower, limiterStore, instanceId };
}
