/** Which league seasons of a sport have bookmaker odds (for the odds page's pickers). */
import { and, eq, ne, sql } from 'drizzle-orm';
import { MODEL_BOOKMAKER } from '@/lib/odds/markets';
import type { Db } from '../db';
import * as t from '../schema';
import { listLeagues, type LeagueSeasons } from './list-leagues';

export type { LeagueSeasons };

/**
 * Leagues with the seasons that have bookmaker odds (the model's in-play prices do not count),
 * ordered like listLeagues (by name; seasons newest first).
 */
export async function listLeaguesWithOdds(db: Db, sport: string): Promise<LeagueSeasons[]> {
  const rows = await db
    .select({ slug: t.competitions.slug, season: t.competitions.season })
    .from(t.competitions)
    .where(
      and(
        eq(t.competitions.sport, sport),
        sql`exists (select 1 from ${t.fixtures} join ${t.oddsTicks} on ${t.oddsTicks.fixtureId} = ${t.fixtures.id}
          where ${t.fixtures.competitionId} = ${t.competitions.id} and ${ne(t.oddsTicks.bookmaker, MODEL_BOOKMAKER)})`,
      ),
    );
  if (!rows.length) return [];
  const has = new Set(rows.map((r) => `${r.slug}/${r.season}`));
  return (await listLeagues(db, sport))
    .map((l) => ({ ...l, seasons: l.seasons.filter((s) => has.has(`${l.slug}/${s}`)) }))
    .filter((l) => l.seasons.length);
}
