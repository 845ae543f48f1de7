/**
 * The read cache of one set of services (production's, or the sandbox's): its answers, the
 * versions they are keyed by, and the Cache-Control they are sent with. Kept beside the services
 * (a WeakMap, created on first use) so neither the services nor the router own it.
 */
import type { FeedBus } from '../engine/bus';
import { ReadCache } from './read-cache';
import { ReadVersions } from './versions';

/** What the read cache needs from a set of services. */
export interface ReadSources {
  environment: 'production' | 'sandbox';
  bus: FeedBus;
  engine: { referenceVersion: number };
  live: { lastSeq: number };
  livePoints?: { version: number };
  prematch?: { generation(sport: string): number };
  store: { kind: string };
}

export interface Reads {
  cache: ReadCache;
  versions: ReadVersions;
  /**
   * Longest an answer is kept without a new version, in ms: Infinity on the embedded store (one
   * process sees every write); on PostgreSQL SHARED_MAX_AGE_MS, because reference edits made by
   * another process (renames, fixture edits: no seq) reach this one by no log.
   */
  maxAgeMs: number;
}

/** See Reads.maxAgeMs. */
export const SHARED_MAX_AGE_MS = 2_000;

const bySources = new WeakMap<object, Reads>();

/** The read cache of `services` (created, and subscribed to its bus, on first use). */
export function readsOf(services: ReadSources): Reads {
  let r = bySources.get(services);
  if (!r) {
    r = {
      cache: new ReadCache(),
      versions: new ReadVersions(services),
      maxAgeMs: services.store.kind === 'postgres' ? SHARED_MAX_AGE_MS : Infinity,
    };
    bySources.set(services, r);
  }
  return r;
}

/** How long a browser may keep a settled answer (a finished season) without asking again, in s. */
export const SETTLED_MAX_AGE_S = 3600;

/**
 * Cache-Control of a cached read. `/v1` answers are `private`: they are sent to a key (and
 * counted against its limits), so a shared cache must not hand them to others; `/sandbox/v1`
 * needs no key and is `public`. A settled answer (a finished season) may be kept
 * SETTLED_MAX_AGE_S; anything else is `no-cache`: kept, but revalidated on every use (a cheap 304
 * while nothing changed).
 */
export function cacheControlOf(environment: ReadSources['environment'], settled: boolean): string {
  const scope = environment === 'sandbox' ? 'public' : 'private';
  return settled ? `${scope}, max-age=${SETTLED_MAX_AGE_S}` : `${scope}, no-cache`;
}
