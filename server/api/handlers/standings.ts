// GET /v1/{sport}/standings — league tables (one per group), recomputed when a match ends
import { z } from 'zod';
import { getLiveStandings } from '../../store/queries/get-live-standings';
import { getStandings } from '../../store/queries/get-standings';
import type { Services } from '../../services';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { resolveScope } from '../scope';

export const StandingsQuery = z.object({
  league: listParams.league,
  season: listParams.season,
  /** `true`: tables as they would stand if the matches in play ended now (see getLiveStandings). */
  live: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
});

/**
 * `{ data: StandingsTable[] }` for `league` (all leagues when omitted) and `season` (each league's
 * current season when omitted: its latest real season, see server/api/scope.ts). With `live=true` each table also has `live` and `live_fixtures`, and each
 * row `live_position_change` (+ = places up against the stored table) and `live` (team playing now).
 * Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getStandingsHandler(_req: Request, ctx: Ctx): Promise<Response> {
  return json(await loadStandings(ctx.services, ctx.params.sport, parseQuery(ctx.url, StandingsQuery)), ctx);
}

/** The body of GET /v1/{sport}/standings (also rendered by the dashboard). Errors: ApiError league_not_found, season_not_found. */
export async function loadStandings(services: Services, sport: string, q: z.infer<typeof StandingsQuery>) {
  const db = services.store.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  const f = { sport, league: q.league, season: scope.season };
  // Provisional (live) tables are football's; other sports' tables change when a match finishes.
  return { data: q.live === 'true' && sport === 'football' ? await getLiveStandings(db, f) : await getStandings(db, f) };
}
