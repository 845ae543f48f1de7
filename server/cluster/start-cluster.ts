/**
 * Wires a process into a cluster of processes on one PostgreSQL (docs/deploy.md): its name, the
 * bus that follows the committed log, the singletons' election and the revoked-key watch. With the
 * embedded store none of this runs: the process is the whole service.
 */
import os from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { FeedBus } from '../engine/bus';
import type { Services } from '../services';
import type { Store } from '../store/db';
import { LOCK, withSessionLock } from '../store/advisory-locks';
import { watchRevokedKeys, type KeyWatch } from './key-watch';
import { Leadership } from './leadership';
import { ClusterBus, LogFollower } from './log-follower';
import { startSingletons, type RunningSingletons } from './singletons';

/** This process's name: INSTANCE_ID, else `<hostname>-<pid>`. */
export function instanceIdOf(config: Config): string {
  return config.INSTANCE_ID ?? `${os.hostname()}-${process.pid}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 48);
}

/** The feed bus: a plain one for the embedded store; on PostgreSQL one that follows the committed log from the current head. */
export async function openBus(
  store: Store,
  config: Config,
  log: Logger,
): Promise<{ bus: FeedBus; follower: LogFollower | null }> {
  if (store.kind !== 'postgres' || !config.DATABASE_URL) return { bus: new FeedBus(), follower: null };
  const bus = new ClusterBus();
  const follower = await LogFollower.start(store, bus, {
    databaseUrl: config.DATABASE_URL,
    instanceId: instanceIdOf(config),
    pollMs: config.LOG_POLL_MS ?? 1000,
    log,
  });
  return { bus, follower };
}

/** Runs the first-start bootstrap once across processes starting together (under the bootstrap lock on PostgreSQL). */
export function onceAcrossCluster<T>(config: Config, fn: () => Promise<T>): Promise<T> {
  return config.DATABASE_URL ? withSessionLock(config.DATABASE_URL, LOCK.bootstrap, fn) : fn();
}

export interface ClusterRole {
  /** Stops the singletons (or leaves the election), the key watch and the log follower. */
  stop(): Promise<void>;
}

/**
 * Starts the singletons: at once with the embedded store; on PostgreSQL when this process wins
 * the election (and stops them when it loses it), and watches for revoked keys (`onKeysRevoked`).
 * Sets `services.cluster` on PostgreSQL. Errors: with the embedded store, those of startSingletons.
 */
export async function takeRole(
  services: Services,
  follower: LogFollower | null,
  onKeysRevoked: () => Promise<void>,
): Promise<ClusterRole> {
  const { config, log } = services;
  if (!follower || !config.DATABASE_URL) {
    const singletons = await startSingletons(services);
    return { stop: () => singletons.stop() };
  }
  let running: RunningSingletons | null = null;
  const instanceId = instanceIdOf(config);
  const leadership = new Leadership({
    databaseUrl: config.DATABASE_URL,
    instanceId,
    checkMs: config.LEADER_CHECK_MS ?? 1000,
    log,
    onElected: async () => {
      running = await startSingletons(services);
    },
    onDeposed: async () => {
      const r = running;
      running = null;
      await r?.stop();
    },
  });
  services.cluster = { instanceId, follower, leadership };
  leadership.start();
  const keyWatch: KeyWatch = watchRevokedKeys(
    services.store.db,
    1000,
    async () => {
      services.keys.forget();
      await onKeysRevoked();
    },
    log,
  );
  return {
    async stop() {
      keyWatch.stop();
      await leadership.stop();
      await follower.stop();
    },
  };
}
