/**
 * A season's team and player statistics (docs/statistics.md). Source of
 * GET /v1/{sport}/statistics/teams and /v1/{sport}/statistics/players.
 */
import type { Sport } from '@/lib/sports';
import type { Stage } from '@/lib/seasons/stage';
import { playerStatistics, teamStatistics } from '@/lib/statistics/index';
import { withPlayerIds } from '@/lib/statistics/player-ids';
import { getStatsMatches, statisticsSeason } from '../store/queries/get-stats-matches';
import type { ReadDeps } from './deps';
import { isReadFailure } from './result';
import { resolveScope } from './resolve-scope';

export interface StatisticsParams {
  league?: string;
  /** Season label (2023-24, 2022); default the league's current season (the sport's without league). */
  season?: string;
  /** `regular` (the /v1 default), `playoffs` or `all` (lib/seasons/stage.ts). */
  stage: Stage;
}

/** The season's finished matches of the stage, or NotFound league_not_found / season_not_found. */
async function statsMatches(deps: Pick<ReadDeps, 'db'>, sport: string, q: StatisticsParams) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const season = await statisticsSeason(db, sport, q.league, scope.season);
  const matches = season ? await getStatsMatches(db, { sport, season, league: q.league, stage: q.stage }) : [];
  return { season, stage: q.stage, matches };
}

/**
 * `{ sport, season, stage, data: TeamStatsRow[] }` (lib/wire/statistics.ts) from the season's finished
 * matches of the stage. Failures: NotFound league_not_found, season_not_found.
 */
export async function readTeamStatistics(deps: Pick<ReadDeps, 'db'>, sport: Sport, q: StatisticsParams) {
  const s = await statsMatches(deps, sport, q);
  if (isReadFailure(s)) return s;
  return { sport, season: s.season, stage: s.stage, data: teamStatistics(s.matches) };
}

/**
 * `{ season, stage, categories }` (lib/wire/statistics.ts): the sport's player tables computed from
 * the stored event logs and recorded match statistics of the stage, with player ids.
 * Failures: NotFound league_not_found, season_not_found.
 */
export async function readPlayerStatistics(deps: Pick<ReadDeps, 'db'>, sport: Sport, q: StatisticsParams) {
  const s = await statsMatches(deps, sport, q);
  if (isReadFailure(s)) return s;
  return { season: s.season, stage: s.stage, ...withPlayerIds(playerStatistics(sport, s.matches)) };
}
