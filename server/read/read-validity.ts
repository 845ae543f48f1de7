/**
 * How long a read's answer stays true without a new event, and whether it is settled: the facts
 * the route declarations' cache policies (server/api/routes-feed.ts, RouteSpec.cache) ask of the
 * store and the live cache. Times are epoch ms (UTC).
 */
import { nextProjectionChangeAt, projectionRunsOnWallTime, rulesOptions } from '@/lib/match/state';
import { findSeason } from '../store/queries/get-seasons';
import { nextKickoffAfter } from '../store/queries/next-kickoff';
import type { ReadDeps } from './deps';

/** A season whose last kickoff is older than this is finished (its answers are settled). */
const FINISHED_AFTER_MS = 3 * 24 * 3600_000;

/**
 * Whether `q` names one league's season that is over: not a replay, not `live=true`, its last
 * kickoff more than three days before `nowMs`.
 */
export async function isFinishedSeason(
  deps: ReadDeps,
  sport: string,
  q: URLSearchParams,
  nowMs: number,
): Promise<boolean> {
  const league = q.get('league');
  const season = q.get('season');
  if (!league || !season || q.get('live') === 'true') return false;
  const row = await findSeason(deps.db, sport, league, season);
  return !!row && !row.isReplay && row.lastKickoff != null && Date.parse(row.lastKickoff) < nowMs - FINISHED_AFTER_MS;
}

/**
 * The first instant after `nowMs` a live match of `sport` (of `q`'s league, when given) reads
 * differently without an event (a running match clock turns a minute: the rules' `nextChangeAt`,
 * football); Infinity for sports whose live matches change only with events.
 */
export function nextLiveChangeAt(deps: ReadDeps, sport: string, q: URLSearchParams, nowMs: number): number {
  if (!projectionRunsOnWallTime(sport)) return Infinity;
  let until = Infinity;
  for (const e of deps.live.list(sport, q.get('league') ?? undefined))
    until = Math.min(until, nextProjectionChangeAt(sport, e.state, nowMs, rulesOptions(e.fixture)));
  return until;
}

/** The next kickoff of `sport` after `nowMs` (Infinity when none): a "from now" fixture list changes then. */
export function nextUpcomingChangeAt(
  deps: ReadDeps,
  sport: string,
  _q: URLSearchParams,
  nowMs: number,
): Promise<number> {
  return nextKickoffAfter(deps.db, sport, nowMs);
}
