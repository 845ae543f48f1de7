/**
 * Which /v1 reads are cached (server/read-cache) and what each depends on: the version of the data
 * it reads (server/read-cache/versions.ts), the wall-clock instant its answer would change without
 * a new event, and whether it is settled (a finished season: Cache-Control lets a browser keep it).
 * A read not listed here is answered afresh every time, `no-store`.
 */
import { and, eq, gt, min } from 'drizzle-orm';
import { nextProjectionChangeAt, projectionRunsOnWallTime, rulesOptions } from '@/lib/match/state';
import type { ReadVersions } from '../read-cache/versions';
import type { Services } from '../services';
import * as t from '../store/schema';
import { findSeason } from '../store/queries/get-seasons';
import { isoUtc } from '../store/fixture-info';
import type { Handler } from './handler';
import { getFixtures } from './handlers/fixtures';
import { getLive, getMatchesLive } from './handlers/live';
import { getOdds } from './handlers/odds';
import { getOddsHistory } from './handlers/odds-history';
import { getResults } from './handlers/results';
import { getStandingsHandler } from './handlers/standings';

/** A cached read's dependencies. `q` is the request's query, `sport` its (checked) sport slug. */
export interface ReadPolicy {
  /** The version the answer is built from; read before building. Null: do not cache this request. */
  version(v: ReadVersions, sport: string, q: URLSearchParams): string | null;
  /** Epoch ms past which an answer built at `nowMs` may read differently with no new version (default: never). */
  validUntil?(services: Services, sport: string, q: URLSearchParams, nowMs: number): Promise<number> | number;
  /** Whether the answer is settled (Cache-Control max-age instead of no-cache). */
  settled?(services: Services, sport: string, q: URLSearchParams, nowMs: number): Promise<boolean>;
}

/** A season whose last kickoff is older than this is finished (its answers are settled). */
const FINISHED_AFTER_MS = 3 * 24 * 3600_000;

/** Whether `q` names one league's season that is over: not a replay, last kickoff FINISHED_AFTER_MS ago. */
async function finishedSeason(services: Services, sport: string, q: URLSearchParams, nowMs: number): Promise<boolean> {
  const league = q.get('league');
  const season = q.get('season');
  if (!league || !season || q.get('live') === 'true') return false;
  const row = await findSeason(services.store.db, sport, league, season);
  return !!row && !row.isReplay && row.lastKickoff != null && Date.parse(row.lastKickoff) < nowMs - FINISHED_AFTER_MS;
}

/** The next kickoff after `nowMs` in `sport` (any league, any status): a "from now" list changes then. */
async function nextKickoffAfter(services: Services, sport: string, nowMs: number): Promise<number> {
  const [r] = await services.store.db
    .select({ k: min(t.fixtures.kickoff) })
    .from(t.fixtures)
    .where(and(eq(t.fixtures.sport, sport), gt(t.fixtures.kickoff, new Date(nowMs).toISOString())));
  return r?.k ? Date.parse(isoUtc(r.k)) : Infinity;
}

/**
 * The first instant after `nowMs` a live match of `sport` reads differently without an event (a
 * running match clock turns a minute: the rules' `nextChangeAt`, football); Infinity for sports
 * whose live matches change only with events.
 */
function nextLiveMinute(services: Services, sport: string, q: URLSearchParams, nowMs: number): number {
  if (!projectionRunsOnWallTime(sport)) return Infinity;
  let until = Infinity;
  for (const e of services.live.list(sport, q.get('league') ?? undefined))
    until = Math.min(until, nextProjectionChangeAt(sport, e.state, nowMs, rulesOptions(e.fixture)));
  return until;
}

const live: ReadPolicy = { version: (v) => v.global(), validUntil: nextLiveMinute };
// Standings, results and fixtures of one league (and season) read that league's (season's) matches only.
const seasonal: ReadPolicy = {
  version: (v, sport, q) => v.sport(sport, q.get('league'), q.get('season')),
  settled: finishedSeason,
};
const odds: ReadPolicy = {
  version: (v, _sport, q) => (/^\d{1,9}$/.test(q.get('match_id') ?? '') ? v.odds(Number(q.get('match_id'))) : null),
};

/** The cached reads, by handler. */
export const READ_POLICIES = new Map<Handler, ReadPolicy>([
  [getLive, live],
  [getMatchesLive, live],
  [getStandingsHandler, seasonal],
  [getResults, seasonal],
  // "From now" by default, and `upcoming` counts kickoffs still ahead: also valid until the next kickoff.
  [getFixtures, { ...seasonal, validUntil: (s, sport, _q, nowMs) => nextKickoffAfter(s, sport, nowMs) }],
  [getOdds, odds],
  [getOddsHistory, odds],
]);
