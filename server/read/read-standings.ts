/**
 * League tables, one per group, recomputed when a match ends; football's live (provisional) view.
 * Source of GET /v1/{sport}/standings and the dashboard's standings, calendar and team pages.
 */
import { getLiveStandings } from '../store/queries/get-live-standings';
import { getStandings } from '../store/queries/get-standings';
import type { ReadDeps } from './deps';
import { invalid, isReadFailure } from './result';
import { resolveScope } from './resolve-scope';
import { featuresOf } from '@/lib/sport-features';
import { SPORTS } from '@/lib/sports';
import { standingsViews, type StandingsView } from '@/lib/match/standings-views';

const VIEW_SPORTS = SPORTS.filter((s) => standingsViews(s).length).join(', ');

export type { LiveStandingsTable } from '../store/queries/get-live-standings';

export interface StandingsParams {
  league?: string;
  season?: string;
  /** `'true'`: tables as they would stand if the matches in play ended now (football only). */
  live?: 'true' | 'false';
  /** One of the views the sport's leagues publish (lib/match/standings-views.ts); default the stored one. */
  view?: StandingsView;
  /** The same as `view` (its other name). */
  group?: StandingsView;
}

/**
 * `{ data: StandingsTable[] }` for `league` (all leagues when omitted) and `season` (each league's
 * current season when omitted: its latest real season, see resolve-scope.ts). With `live: 'true'`
 * (football) each table also has `live` and `live_fixtures`, and each row `live_position_change`
 * (+ = places up against the stored table) and `live` (team playing now). `view` (or `group`):
 * the tables in another grouping the league publishes (NHL `conference`: Eastern, Western).
 * Failures: NotFound league_not_found / season_not_found; InvalidParameter for a view the sport
 * does not publish.
 */
export async function readStandings(deps: Pick<ReadDeps, 'db'>, sport: string, q: StandingsParams) {
  const db = deps.db;
  const views = standingsViews(sport);
  if (q.view && q.group && q.view !== q.group)
    return invalid(`view "${q.view}" and group "${q.group}" differ: give one (they are the same parameter).`);
  const view = q.view ?? q.group;
  if (view && !views.includes(view))
    return invalid(
      views.length
        ? `${sport} standings have the views ${views.join(', ')}; not "${view}".`
        : `${sport} standings have one view (their tables as stored); view is for ${VIEW_SPORTS}.`,
    );
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const f = { sport, league: q.league, season: scope.season, view: view && view !== views[0] ? view : undefined };
  // Provisional (live) tables where the sport has them; other tables change when a match finishes.
  return {
    data: q.live === 'true' && featuresOf(sport).liveTables ? await getLiveStandings(db, f) : await getStandings(db, f),
  };
}
