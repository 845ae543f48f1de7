/**
 * Process-wide services (store, engine, bus, live cache, key verifier, logger). Kept on
 * globalThis: route code bundled by Next and server/ code loaded by Node see one instance.
 */
import type { Logger } from 'pino';
import type { AdapterRunner } from './adapters/runner';
import type { KeyVerifier } from './auth/keys';
import type { KeyLimits } from './auth/key-limits';
import type { ViewerLimits } from './auth/viewer-limits';
import type { ViewerSessions } from './auth/viewer-session';
import type { Config } from './config';
import type { FeedBus } from './engine/bus';
import type { FeedEngine } from './engine/engine';
import type { LiveCache } from './engine/live-cache';
import type { LivePoints } from './read/live-points';
import type { PrematchPasses } from './read/prematch-passes';
import type { Store } from './store/db';
import type { WebhookDispatcher } from './webhooks/dispatcher';
import type { SecretBox } from './webhooks/secret-key';

export interface Services {
  /** `production` serves /v1 from the real store; `sandbox` serves /sandbox/v1 from sample data (server/sandbox). */
  environment: 'production' | 'sandbox';
  config: Config;
  store: Store;
  bus: FeedBus;
  engine: FeedEngine;
  live: LiveCache;
  /** The latest in-play win-probability point of each match in play, followed from the bus (server/read/live-points.ts). */
  livePoints: LivePoints;
  /** The rows' pre-match passes, kept stale-while-revalidate from the bus (server/read/prematch-passes.ts). */
  prematch: PrematchPasses;
  keys: KeyVerifier;
  /** Dashboard viewer sessions (signed cookies) and their rate limits. */
  viewers: ViewerSessions;
  viewerLimits: ViewerLimits;
  /** API keys' plan limits and the per-IP limit of requests without a valid key. */
  keyLimits: KeyLimits;
  log: Logger;
  startedAt: number;
  /** The webhook dispatcher (durable outbox); null in the sandbox and with WEBHOOKS=off. */
  webhooks: WebhookDispatcher | null;
  /** Seals and opens webhook signing secrets at rest (server/webhooks/secret-key.ts); production only. */
  secrets?: SecretBox;
  /** Running upstream source adapters (server/adapters, docs/adapters.md); empty when none is configured. */
  adapters?: AdapterRunner[];
  /**
   * What the feed-health report (GET /v1/ops/health) reads besides the store: the WebSocket
   * gateway's counts. Set by server start; absent in the sandbox.
   */
  gatewayStats?: { stats(): { connections: number; subscriptions: number } };
  /** Set on PostgreSQL (docs/deploy.md): this process's name, its log follower and the singletons' election. */
  cluster?: ClusterView;
}

const KEY = Symbol.for('scoreline.services');
type Holder = { [KEY]?: Services };

/** The running services. Errors: throws when the server has not started them. */
export function getServices(): Services {
  const s = (globalThis as Holder)[KEY];
  if (!s) throw new Error('Scoreline services are not started (run the server with server/index.ts)');
  return s;
}

/** Registers the running services (server start) or clears them (stop). */
export function setServices(s: Services | undefined): void {
  (globalThis as Holder)[KEY] = s;
}

/**
 * What the rest of the server sees of the cluster (server/cluster/start-cluster.ts sets it): the
 * process's name, its log follower's catch-up to a seq (WebSocket resume on a process that has
 * not read that far yet) and whether it leads (the cluster-leader gauge). Declared here so services.ts imports nothing of server/cluster.
 */
export interface ClusterView {
  instanceId: string;
  follower: { reach(seq: number): Promise<void> };
  /** Whether this process holds the singletons' lock (server/cluster/leadership.ts). */
  leadership: { readonly isLeader: boolean };
}
