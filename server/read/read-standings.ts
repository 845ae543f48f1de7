/**
 * League tables, one per group, recomputed when a match ends; football's live (provisional) view.
 * Source of GET /v1/{sport}/standings and the dashboard's standings, calendar and team pages.
 */
import { getLiveStandings } from '../store/queries/get-live-standings';
import { getStandings } from '../store/queries/get-standings';
import type { ReadDeps } from './deps';
import { isReadFailure } from './result';
import { resolveScope } from './resolve-scope';
import { featuresOf } from '@/lib/sport-features';

export type { LiveStandingsTable } from '../store/queries/get-live-standings';

export interface StandingsParams {
  league?: string;
  season?: string;
  /** `'true'`: tables as they would stand if the matches in play ended now (football only). */
  live?: 'true' | 'false';
}

/**
 * `{ data: StandingsTable[] }` for `league` (all leagues when omitted) and `season` (each league's
 * current season when omitted: its latest real season, see resolve-scope.ts). With `live: 'true'`
 * (football) each table also has `live` and `live_fixtures`, and each row `live_position_change`
 * (+ = places up against the stored table) and `live` (team playing now).
 * Failures: NotFound league_not_found / season_not_found.
 */
export async function readStandings(deps: Pick<ReadDeps, 'db'>, sport: string, q: StandingsParams) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const f = { sport, league: q.league, season: scope.season };
  // Provisional (live) tables where the sport has them; other tables change when a match finishes.
  return {
    data: q.live === 'true' && featuresOf(sport).liveTables ? await getLiveStandings(db, f) : await getStandings(db, f),
  };
}
