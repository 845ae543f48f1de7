/**
 * A season's team and player statistics (docs/statistics.md). Source of
 * GET /v1/{sport}/statistics/teams and /v1/{sport}/statistics/players.
 */
import type { Sport } from '@/lib/sports';
import { defaultStage, type Stage } from '@/lib/seasons/stage';
import { playerStatistics, teamStatistics } from '@/lib/statistics/index';
import { withPlayerIds } from '@/lib/statistics/player-ids';
import { getStatsMatches } from '../store/queries/get-stats-matches';
import { listSeasons } from '../store/queries/get-seasons';
import type { ReadDeps } from './deps';
import { isReadFailure } from './result';
import { resolveScope } from './resolve-scope';

export interface StatisticsParams {
  league?: string;
  /** Season label (2023-24, 2022); default the league's current season (the sport's without league). */
  season?: string;
  /** `regular`, `playoffs` or `all` (lib/seasons/stage.ts); default the sport's (defaultStage). */
  stage?: Stage;
}

/**
 * The one league-season a statistics request means (issue 34: a default never mixes two leagues):
 * `league` and `season` as given or defaulted (resolve-scope.ts); without `league`, the first
 * league-season of the sport's list (get-seasons.ts: its most recently played real league,
 * `season` when given). Then its finished matches of the stage (default the sport's).
 * Failures: NotFound league_not_found / season_not_found.
 */
async function statsMatches(deps: Pick<ReadDeps, 'db'>, sport: string, q: StatisticsParams) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const stage = q.stage ?? defaultStage(sport);
  const row = q.league
    ? scope.row
    : ((await listSeasons(db, sport)).find((s) => !q.season || s.season === q.season) ?? null);
  const matches = row ? await getStatsMatches(db, { sport, season: row.season, league: row.slug, stage }) : [];
  return { league: row?.slug ?? null, season: row?.season ?? null, stage, matches };
}

/**
 * `{ sport, league, season, stage, data: TeamStatsRow[] }` (lib/wire/statistics.ts) from the season's finished
 * matches of the stage. Failures: NotFound league_not_found, season_not_found.
 */
export async function readTeamStatistics(deps: Pick<ReadDeps, 'db'>, sport: Sport, q: StatisticsParams) {
  const s = await statsMatches(deps, sport, q);
  if (isReadFailure(s)) return s;
  return { sport, league: s.league, season: s.season, stage: s.stage, data: teamStatistics(s.matches) };
}

/**
 * `{ league, season, stage, sport, categories }` (lib/wire/statistics.ts): the sport's player tables computed from
 * the stored event logs and recorded match statistics of the stage, with player ids.
 * Failures: NotFound league_not_found, season_not_found.
 */
export async function readPlayerStatistics(deps: Pick<ReadDeps, 'db'>, sport: Sport, q: StatisticsParams) {
  const s = await statsMatches(deps, sport, q);
  if (isReadFailure(s)) return s;
  return { league: s.league, season: s.season, stage: s.stage, ...withPlayerIds(playerStatistics(sport, s.matches)) };
}
