/**
 * Recomputes and stores a competition-season's standings from its finished fixtures
 * (called by the feed engine inside the transaction in which a match finished).
 */
import { eq } from 'drizzle-orm';
import type { TieBreaker } from '@/lib/catalogue/competitions';
import { computeStandings, type StandingsResult } from '@/lib/standings/compute';
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
  const computedAt = new Date().toISOString();
  await tx.delete(t.standings).where(eq(t.standings.competitionId, competitionId));
  for (const [group, { teams, results }] of byGroup) {
    const [table] = computeStandings({
      results,
      teams: [...teams],
      tie_breakers: comp.tieBreakers as TieBreaker[],
      points: comp.points,
      adjustments: comp.pointsAdjustments,
    });
    await tx.insert(t.standings).values({ competitionId, groupName: group, rows: table?.rows ?? [], computedAt });
  }
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
