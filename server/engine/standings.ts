/**
 * Recomputes and stores a competition-season's standings from its finished fixtures
 * (called by the feed engine inside the transaction in which a match finished).
 */
import { eq } from 'drizzle-orm';
import type { TieBreaker } from '@/lib/catalogue/competitions';
import { computeStandings, type StandingsResult, type StandingsRow } from '@/lib/standings/compute';
import type { Tx } from '../store/db';
import { isoUtc, selectFixtures, type FixtureRow } from '../store/fixture-info';
import * as t from '../store/schema';
import { computeSportTables, projectedState, SPORT_TIE_BREAKERS } from './sport-standings';
import { getSnapshotStates } from '../store/queries/get-fixtures';
import type { Sport } from '@/lib/sports';

/**
 * Rebuilds every table (one per group; tournaments count group-stage matches only) of a
 * competition and replaces the stored rows. All teams that have a fixture in a group are listed.
 */
export async function recomputeStandings(tx: Tx, competitionId: number): Promise<void> {
  const [comp] = await tx.select().from(t.competitions).where(eq(t.competitions.id, competitionId));
  if (!comp) return;
  const rows = await selectFixtures(tx).where(eq(t.fixtures.competitionId, competitionId));
  if (comp.sport !== 'football') return recomputeSportStandings(tx, comp.id, comp.sport, rows);
  const computedAt = new Date().toISOString();
  await tx.delete(t.standings).where(eq(t.standings.competitionId, competitionId));
  for (const { group, rows: tableRows } of footballTables(comp, rows)) {
    await tx.insert(t.standings).values({ competitionId, groupName: group, rows: tableRows, computedAt });
  }
}

/**
 * A football competition's tables from its fixtures: one per group (`''` for a league; tournaments
 * count group-stage matches only), every team with a fixture in the group listed, finished
 * fixtures counted with the competition's tie-breakers, points and adjustments.
 * @param venue `home` / `away` for home-only / away-only tables (lib/standings/compute.ts
 *   `venue`; points adjustments belong to the overall table and are left out); default overall.
 * @returns tables in the order groups first appear. Throws computeStandings' RangeError on
 *   inconsistent fixtures.
 */
export function footballTables(
  comp: Pick<typeof t.competitions.$inferSelect, 'format' | 'tieBreakers' | 'points' | 'pointsAdjustments'>,
  rows: FixtureRow[],
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
      entry.results.push({ fixture_id: r.id, kickoff: isoUtc(r.kickoff), group: null, home: r.homeTeam, away: r.awayTeam, home_goals: r.homeScore, away_goals: r.awayScore });
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

/** Replaces a non-football competition's tables (lib/<sport>/standings.ts via sport-standings.ts). */
async function recomputeSportStandings(tx: Tx, competitionId: number, sport: string, rows: FixtureRow[]): Promise<void> {
  const finished = rows.filter((r) => r.status === 'finished');
  const states = await getSnapshotStates(tx, finished.map((r) => r.id));
  const matches = finished.map((row) => ({ row, state: projectedState(row, states.get(row.id)) ?? {} }));
  const tables = computeSportTables(sport, matches);
  const computedAt = new Date().toISOString();
  await tx.delete(t.standings).where(eq(t.standings.competitionId, competitionId));
  for (const tb of tables) await tx.insert(t.standings).values({ competitionId, groupName: tb.group, rows: tb.rows, computedAt });
  await tx.update(t.competitions).set({ tieBreakers: SPORT_TIE_BREAKERS[sport as Sport] ?? [] }).where(eq(t.competitions.id, competitionId));
}
