/**
 * Recomputes and stores a competition-season's standings from its finished fixtures
 * (called by the feed engine inside the transaction in which a match finished).
 */
import { eq } from 'drizzle-orm';
import type { TieBreaker } from '@/lib/catalogue/competitions';
import { computeStandings, type StandingsResult } from '@/lib/standings/compute';
import type { Tx } from '../store/db';
import { isoUtc, selectFixtures } from '../store/fixture-info';
import * as t from '../store/schema';

/**
 * Rebuilds every table (one per group; tournaments count group-stage matches only) of a
 * competition and replaces the stored rows. All teams that have a fixture in a group are listed.
 */
export async function recomputeStandings(tx: Tx, competitionId: number): Promise<void> {
  const [comp] = await tx.select().from(t.competitions).where(eq(t.competitions.id, competitionId));
  if (!comp) return;
  const rows = await selectFixtures(tx).where(eq(t.fixtures.competitionId, competitionId));
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

