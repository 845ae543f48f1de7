// GET /v1/{sport}/statistics/teams   — team records and the sport's team figures for a season
// GET /v1/{sport}/statistics/players — the sport's player categories for a season (docs/statistics.md)
import { z } from 'zod';
import type { Sport } from '@/lib/sports';
import { playerStatistics, teamStatistics } from '@/lib/statistics/index';
import { withPlayerIds } from '@/lib/statistics/player-ids';
import { STAGES } from '@/lib/seasons/stage';
import { getStatsMatches, statisticsSeason } from '../../store/queries/get-stats-matches';
import type { Services } from '../../services';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { resolveScope } from '../scope';

export const StatisticsQuery = z.object({
  league: listParams.league,
  /** Season label (2023-24, 2022); default the league's current season (the sport's without league). */
  season: listParams.season,
  /** `regular` (default), `playoffs` or `all` (lib/seasons/stage.ts). */
  stage: z.enum(STAGES, { message: 'must be regular, playoffs or all' }).default('regular'),
});

async function load(services: Services, sport: string, q: z.infer<typeof StatisticsQuery>) {
  const db = services.store.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  const season = await statisticsSeason(db, sport, q.league, scope.season);
  const matches = season ? await getStatsMatches(db, { sport, season, league: q.league, stage: q.stage }) : [];
  return { season, stage: q.stage, matches };
}

/**
 * `{ sport, season, stage, data: TeamStatsRow[] }` (lib/wire/statistics.ts) from the season's finished
 * matches of the stage (default the regular season). Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getTeamStatistics(_req: Request, ctx: Ctx): Promise<Response> {
  const sport = ctx.params.sport as Sport;
  const { season, stage, matches } = await load(ctx.services, sport, parseQuery(ctx.url, StatisticsQuery));
  return json({ sport, season, stage, data: teamStatistics(matches) }, ctx);
}

/**
 * `{ sport, season, stage, categories }` (lib/wire/statistics.ts): the sport's player tables computed from
 * the stored event logs and recorded match statistics of the stage. Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getPlayerStatistics(_req: Request, ctx: Ctx): Promise<Response> {
  const sport = ctx.params.sport as Sport;
  const { season, stage, matches } = await load(ctx.services, sport, parseQuery(ctx.url, StatisticsQuery));
  return json({ season, stage, ...withPlayerIds(playerStatistics(sport, matches)) }, ctx);
}
