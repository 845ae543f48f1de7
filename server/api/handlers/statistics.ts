// GET /v1/{sport}/statistics/teams   — team records and the sport's team figures for a season
// GET /v1/{sport}/statistics/players — the sport's player categories for a season (docs/statistics.md)
import { z } from 'zod';
import type { Sport } from '@/lib/sports';
import { readDepsOf } from '../../read/deps';
import { readPlayerStatistics, readTeamStatistics } from '../../read/read-statistics';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams, stageParam } from '../params';
import { orThrow } from '../read-result';

export const StatisticsQuery = z.object({
  league: listParams.league,
  /** Season label (2023-24, 2022); default the league's current season (the sport's without league). */
  season: listParams.season,
  /** `regular`, `playoffs` or `all`; default the sport's (lib/seasons/stage.ts defaultStage). */
  stage: stageParam,
});

/**
 * `{ sport, season, stage, data: TeamStatsRow[] }` (lib/wire/statistics.ts) from the season's finished
 * matches of the stage (default: the regular season for NBA, NHL, MLB and Super Rugby, else the whole competition). Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getTeamStatistics(_req: Request, ctx: Ctx): Promise<Response> {
  const sport = ctx.params.sport as Sport;
  return json(
    orThrow(await readTeamStatistics(readDepsOf(ctx.services), sport, parseQuery(ctx.url, StatisticsQuery))),
    ctx,
  );
}

/**
 * `{ sport, season, stage, categories }` (lib/wire/statistics.ts): the sport's player tables computed from
 * the stored event logs and recorded match statistics of the stage. Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getPlayerStatistics(_req: Request, ctx: Ctx): Promise<Response> {
  const sport = ctx.params.sport as Sport;
  return json(
    orThrow(await readPlayerStatistics(readDepsOf(ctx.services), sport, parseQuery(ctx.url, StatisticsQuery))),
    ctx,
  );
}
