// GET /v1/{sport}/standings — league tables (one per group), recomputed when a match ends
import { z } from 'zod';
import { leagueExists } from '../../store/queries/filters';
import { getStandings } from '../../store/queries/get-standings';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { ApiError } from '../problem';

const Query = z.object({ league: listParams.league, season: listParams.season });

/**
 * `{ data: StandingsTable[] }` for `league` (all leagues when omitted) and `season` (each league's
 * latest when omitted). Errors: 400 invalid_parameter, 404 league_not_found.
 */
export async function getStandingsHandler(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, Query);
  const db = ctx.services.store.db;
  if (q.league && !(await leagueExists(db, ctx.params.sport, q.league))) throw new ApiError('league_not_found', `No ${ctx.params.sport} league "${q.league}".`);
  return json({ data: await getStandings(db, { sport: ctx.params.sport, ...q }) }, ctx);
}
