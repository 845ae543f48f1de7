/** The read dependencies of this process, for the pages (server components read in-process). */
import { readsOf } from '../read-cache/reads';
import { getServices } from '../services';
import { readDepsOf, type ReadDeps } from './deps';

/** The store and live cache of the running services. Errors: throws when the server has not started them. */
export function processReadDeps(): ReadDeps {
  return readDepsOf(getServices());
}

/**
 * The version of this process's match data of `sport` (of one league, of one league-season) — the
 * API read cache's (server/read-cache/versions.ts) — and how long an answer computed at it may be
 * kept (ms; Infinity on the embedded store, seconds on PostgreSQL). Errors: as processReadDeps.
 */
export function processSportVersion(
  sport: string,
  league?: string | null,
  season?: string | null,
): { version: string; maxAgeMs: number } {
  const reads = readsOf(getServices());
  return { version: reads.versions.sport(sport, league, season), maxAgeMs: reads.maxAgeMs };
}

/**
 * The version of one fixture's odds in this process (reference data + its last odds seq, as the API
 * read cache keys `/odds?match_id=`) and how long an answer computed at it may be kept (ms).
 * Errors: as processReadDeps.
 */
export function processOddsVersion(fixtureId: number): { version: string; maxAgeMs: number } {
  const reads = readsOf(getServices());
  return { version: reads.versions.odds(fixtureId), maxAgeMs: reads.maxAgeMs };
}
