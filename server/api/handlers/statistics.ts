// GET /v1/{sport}/statistics/teams   — team records and the sport's team figures for a season
// GET /v1/{sport}/statistics/players — the sport's player categories for a season (docs/statistics.md)
import { z } from 'zod';
import type { Sport } from '@/lib/sports';
import { playerStatistics, teamStatistics } from '@/lib/statistics/index';
import { leagueExists } from '../../store/queries/filters';
import { getStatsMatches, statisticsSeason } from '../../store/queries/get-stats-matches';
import type { Services } from '../../services';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { ApiError } from '../problem';

export const StatisticsQuery = z.object({
  league: listParams.league,
  /** Season label (2023-24, 2022); default the sport's (or league's) latest season with a finished match. */
  season: listParams.season,
});

async function load(services: Services, sport: string, q: z.infer<typeof StatisticsQuery>) {
  const db = services.store.db;
  if (q.league && !(await leagueExists(db, sport, q.league))) throw new ApiError('league_not_found', `No ${sport} league "${q.league}".`);
  const season = await statisticsSeason(db, sport, q.league, q.season);
  const matches = season ? await getStatsMatches(db, { sport, season, league: q.league }) : [];
  return { season, matches };
}

/**
 * `{ sport, season, data: TeamStatsRow[] }` (lib/wire/statistics.ts) from the season's finished
 * matches. Errors: 400 invalid_parameter, 404 league_not_found.
 */
export async function getTeamStatistics(_req: Request, ctx: Ctx): Promise<Response> {
  const sport = ctx.params.sport as Sport;
  const { season, matches } = await load(ctx.services, sport, parseQuery(ctx.url, StatisticsQuery));
  return json({ sport, season, data: teamStatistics(matches) }, ctx);
}

/**
 * `{ sport, season, categories }` (lib/wire/statistics.ts): the sport's player tables computed from
 * the stored event logs and recorded match statistics. Errors: 400 invalid_parameter, 404 league_not_found.
 */
export async function getPlayerStatistics(_req: Request, ctx: Ctx): Promise<Response> {
  const sport = ctx.params.sport as Sport;
  const { season, matches } = await load(ctx.services, sport, parseQuery(ctx.url, StatisticsQuery));
  return json({ season, ...playerStatistics(sport, matches) }, ctx);
}
