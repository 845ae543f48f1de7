/**
 * What the WebSocket gateway (gateway.ts, connection.ts, snapshot.ts, resume.ts) uses of the
 * running services — production's or the sandbox's — declared here so the gateway depends on
 * these parts, not on the whole services object (as the webhook dispatcher's DispatcherServices).
 */
import type { Logger } from 'pino';
import type { IdentityServices } from '../auth/identity';
import type { Config } from '../config';
import type { FeedBus } from '../engine/bus';
import type { FeedEngine } from '../engine/engine';
import type { LiveCache } from '../engine/live-cache';
import type { LivePoints } from '../read/live-points';
import type { Store } from '../store/db';

export interface GatewayServices extends IdentityServices {
  config: Config;
  /** The store the snapshots and the resume read (through store queries). */
  store: Pick<Store, 'db'>;
  /** The feed bus the gateway fans out from. */
  bus: FeedBus;
  /** Fixture facts of a subscribed match without a live entry. */
  engine: Pick<FeedEngine, 'fixtureInfo'>;
  /** Matches in play and the last global seq applied. */
  live: LiveCache;
  /** The live win-probability points the `<sport>.win-probability` channel sends (computed once per event). */
  livePoints: Pick<LivePoints, 'onPoint'> & Partial<Pick<LivePoints, 'pointAt' | 'settled'>>;
  log: Logger;
  /** On PostgreSQL: the log follower a resume waits for (server/services.ts ClusterView). */
  cluster?: { follower: { reach(seq: number): Promise<void> } };
}
