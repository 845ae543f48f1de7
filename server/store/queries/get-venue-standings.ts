/**
 * Home and away tables of one football league-season (the standings page's "Home" / "Away"
 * views): derived from the finished fixtures in the store with the competition's own tie-breakers
 * (lib/match/football-tables.ts footballTables with `venue`), never stored. Full-time tables: matches
 * in play do not count.
 */
import { and, eq } from 'drizzle-orm';
import type { LiveStandingsRow } from '@/lib/football/live-standings';
import { footballTables } from '@/lib/match/football-tables';
import type { Tx } from '../db';
import { selectFixtures } from '../fixture-info';
import * as t from '../schema';

/** One home or away table: `group` null for a league; rows shaped like the live table's (no moves, nobody live). */
export interface VenueTable {
  group: string | null;
  rows: LiveStandingsRow[];
}

/**
 * @param league competition slug, @param season its season label, @param venue `home` | `away`
 * @returns one table per group (league table alone, or groups by name); [] when the football
 *   competition-season is not in the store. Throws computeStandings' RangeError on inconsistent fixtures.
 */
export async function getVenueStandings(
  tx: Tx,
  league: string,
  season: string,
  venue: 'home' | 'away',
): Promise<VenueTable[]> {
  const [comp] = await tx
    .select()
    .from(t.competitions)
    .where(
      and(eq(t.competitions.sport, 'football'), eq(t.competitions.slug, league), eq(t.competitions.season, season)),
    );
  if (!comp) return [];
  const rows = await selectFixtures(tx).where(eq(t.fixtures.competitionId, comp.id));
  return footballTables(comp, rows, venue)
    .sort((a, b) => a.group.localeCompare(b.group))
    .map((tb) => ({
      group: tb.group || null,
      rows: tb.rows.map((r) => ({ ...r, live_position_change: 0, live: false })),
    }));
}
