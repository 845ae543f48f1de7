/**
 * What every read function takes: the store and the live cache. Handlers pass their request's
 * services (the sandbox has its own), pages the process-wide ones (`processReadDeps()`).
 */
import type { LiveCache } from '../engine/live-cache';
import type { Db } from '../store/db';
import type { LivePoints } from './live-points';

export interface ReadDeps {
  /** The store (PGlite or PostgreSQL through drizzle). */
  db: Db;
  /** Matches in play, kept current from the bus; `lastSeq` is the last global seq applied. */
  live: Pick<LiveCache, 'list' | 'lastSeq'>;
  /** The latest in-play win-probability point per match in play (live-points.ts; golf's field point by `inPlayGolf`); absent: none known. */
  points?: Pick<LivePoints, 'inPlay'> & Partial<Pick<LivePoints, 'inPlayGolf'>>;
}

/** The read dependencies of a services object (server/services.ts `Services`, or the sandbox's). */
export function readDepsOf(services: {
  store: { db: Db };
  live: Pick<LiveCache, 'list' | 'lastSeq'>;
  livePoints?: Pick<LivePoints, 'inPlay'> & Partial<Pick<LivePoints, 'inPlayGolf'>>;
}): ReadDeps {
  return { db: services.store.db, live: services.live, points: services.livePoints };
}
