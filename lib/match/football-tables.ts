/**
 * Football's league and group tables from a competition's stored fixtures (lib/football/standings.ts
 * does the counting); the engine stores them when a match finishes, the venue tables read them
 * live. Pure.
 */
import type { PointsAdjustment, TieBreaker } from '@/lib/catalogue/competitions';
import { computeStandings, type StandingsResult, type StandingsRow } from '@/lib/football/standings';
import { isoUtc } from './iso-utc';
import type { FixtureRecord } from './types';

/** The competition's settings a football table reads (the store's `competitions` row has them). */
export interface FootballTableRules {
  /** `tournament` (group tables from group-stage fixtures) or a league format (one table). */
  format: string;
  tieBreakers: string[];
  /** Points for a win, a draw and a loss (e.g. 3/1/0). */
  points: { win: number; draw: number; loss: number };
  pointsAdjustments: PointsAdjustment[];
}

/**
 * A football competition's tables from its fixtures: one per group (`''` for a league; tournaments
 * count group-stage matches only), every team with a fixture in the group listed, finished
 * fixtures counted with the competition's tie-breakers, points and adjustments.
 * @param venue `home` / `away` for home-only / away-only tables (lib/football/standings.ts
 *   `venue`; points adjustments belong to the overall table and are left out); default overall.
 * @returns tables in the order groups first appear. Throws computeStandings' RangeError on
 *   inconsistent fixtures.
 */
export function footballTables(
  comp: FootballTableRules,
  rows: readonly FixtureRecord[],
  venue?: 'home' | 'away',
): { group: string; rows: StandingsRow[] }[] {
  const tournament = comp.format === 'tournament';
  const byGroup = new Map<string, { teams: Set<string>; results: StandingsResult[] }>();
  for (const r of rows) {
    if (tournament && !r.group) continue;
    const g = tournament ? r.group! : '';
    const entry = byGroup.get(g) ?? { teams: new Set(), results: [] };
    byGroup.set(g, entry);
    entry.teams.add(r.homeTeam).add(r.awayTeam);
    if (r.status === 'finished' && r.homeScore != null && r.awayScore != null) {
      entry.results.push({
        fixture_id: r.id,
        kickoff: isoUtc(r.kickoff),
        group: null,
        home: r.homeTeam,
        away: r.awayTeam,
        home_goals: r.homeScore,
        away_goals: r.awayScore,
      });
    }
  }
  return [...byGroup].map(([group, { teams, results }]) => {
    const [table] = computeStandings({
      results,
      teams: [...teams],
      tie_breakers: comp.tieBreakers as TieBreaker[],
      points: comp.points,
      adjustments: venue ? [] : comp.pointsAdjustments,
      venue,
    });
    return { group, rows: table?.rows ?? [] };
  });
}
