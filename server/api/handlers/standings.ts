// GET /v1/{sport}/standings — league tables (one per group), recomputed when a match ends
import { z } from 'zod';
import { STANDINGS_VIEWS } from '@/lib/match/standings-views';
import { readDepsOf } from '../../read/deps';
import { readStandings } from '../../read/read-standings';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { orThrow } from '../read-result';

export const StandingsQuery = z.object({
  league: listParams.league,
  season: listParams.season,
  /** `true`: tables as they would stand if the matches in play ended now (see getLiveStandings). */
  live: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  /** A grouping the league publishes (lib/match/standings-views.ts): NHL division (default), conference, league; NBA conference (default), division, league; MLB division, league. */
  view: z.enum(STANDINGS_VIEWS, { message: `must be one of ${STANDINGS_VIEWS.join(', ')}` }).optional(),
  /** The same as `view`. */
  group: z.enum(STANDINGS_VIEWS, { message: `must be one of ${STANDINGS_VIEWS.join(', ')}` }).optional(),
});

/**
 * `{ data: StandingsTable[] }` for `league` (all leagues when omitted) and `season` (each league's
 * current season when omitted: its latest real season, see server/read/resolve-scope.ts). With `live=true` each table also has `live` and `live_fixtures`, and each
 * row `live_position_change` (+ = places up against the stored table) and `live` (team playing now).
 * `view` (or `group`): another grouping the league publishes (NHL conference), computed from the same matches.
 * Errors: 400 invalid_parameter (a view the sport does not publish among them), 404 league_not_found, season_not_found.
 */
export async function getStandingsHandler(_req: Request, ctx: Ctx): Promise<Response> {
  return json(
    orThrow(await readStandings(readDepsOf(ctx.services), ctx.params.sport, parseQuery(ctx.url, StandingsQuery))),
    ctx,
  );
}
