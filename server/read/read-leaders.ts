/**
 * League leaders beside a standings table: the first category of the sport's player statistics
 * (football top scorers, cricket batting…) for a league-season — the same computation as
 * GET /v1/{sport}/statistics/players.
 */
import { playerStatistics } from '@/lib/statistics/players';
import type { Sport } from '@/lib/sports';
import { getStatsMatches } from '../store/queries/get-stats-matches';
import type { ReadDeps } from './deps';

export interface Leaders {
  title: string;
  /** Value columns: key and short label ("G", "Pen"). */
  columns: { key: string; label: string }[];
  rows: { rank: number; player: string; team: string; [key: string]: unknown }[];
}

/**
 * Top `limit` of the sport's first player category for a league-season (all stages); null when it
 * has no rows (the season's sources carry no player facts). Errors: store errors propagate.
 */
export async function readLeaders(
  deps: Pick<ReadDeps, 'db'>,
  sport: string,
  league: string,
  season: string,
  limit = 10,
): Promise<Leaders | null> {
  const matches = await getStatsMatches(deps.db, { sport, season, league });
  const cat = playerStatistics(sport as Sport, matches).categories[0] as unknown as Leaders | undefined;
  if (!cat?.rows.length) return null;
  return {
    title: cat.title,
    columns: cat.columns.slice(0, 3).map((c) => ({ key: c.key, label: c.label })),
    rows: cat.rows.slice(0, limit),
  };
}
