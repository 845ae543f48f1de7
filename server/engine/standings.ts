/**
 * Recomputes and stores a competition-season's standings from its finished fixtures
 * (called by the feed engine inside the transaction in which a match finished).
 */
import { eq } from 'drizzle-orm';
import { footballTables } from '@/lib/match/football-tables';
import type { Tx } from '../store/db';
import { selectFixtures, type FixtureRow } from '../store/fixture-info';
import * as t from '../store/schema';
import { computeSportTables, SPORT_TIE_BREAKERS } from '@/lib/match/sport-tables';
import { finishedMatchesOf } from '../store/queries/finished-matches';
import type { Sport } from '@/lib/sports';
import { featuresOf } from '@/lib/sport-features';

/**
 * Rebuilds every table (one per group; tournaments count group-stage matches only) of a
 * competition and replaces the stored rows. All teams that have a fixture in a group are listed.
 */
export async function recomputeStandings(tx: Tx, competitionId: number): Promise<void> {
  const [comp] = await tx.select().from(t.competitions).where(eq(t.competitions.id, competitionId));
  if (!comp) return;
  const rows = await selectFixtures(tx).where(eq(t.fixtures.competitionId, competitionId));
  if (!featuresOf(comp.sport).pointsTables) return recomputeSportStandings(tx, comp.id, comp.sport, rows);
  const computedAt = new Date().toISOString();
  await tx.delete(t.standings).where(eq(t.standings.competitionId, competitionId));
  for (const { group, rows: tableRows } of footballTables(comp, rows)) {
    await tx.insert(t.standings).values({ competitionId, groupName: group, rows: tableRows, computedAt });
  }
}

/** Replaces a non-football competition's tables (lib/<sport>/standings.ts via lib/match/sport-tables.ts). */
async function recomputeSportStandings(
  tx: Tx,
  competitionId: number,
  sport: string,
  rows: FixtureRow[],
): Promise<void> {
  const tables = computeSportTables(sport, await finishedMatchesOf(tx, competitionId, rows));
  const computedAt = new Date().toISOString();
  await tx.delete(t.standings).where(eq(t.standings.competitionId, competitionId));
  for (const tb of tables)
    await tx.insert(t.standings).values({ competitionId, groupName: tb.group, rows: tb.rows, computedAt });
  await tx
    .update(t.competitions)
    .set({ tieBreakers: SPORT_TIE_BREAKERS[sport as Sport] ?? [] })
    .where(eq(t.competitions.id, competitionId));
}
