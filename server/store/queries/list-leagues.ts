import { desc, eq, max } from 'drizzle-orm';
import { getCompetition } from '@/lib/catalogue/competitions';
import type { Tx } from '../db';
import * as t from '../schema';

export interface LeagueSeasons {
  slug: string;
  name: string;
  /** Seasons newest first (by latest kickoff). */
  seasons: string[];
}

/**
 * The leagues of a sport with their seasons (for the dashboard's league and season pickers),
 * ordered by name. Seasons are ordered by their latest kickoff, newest first.
 */
export async function listLeagues(tx: Tx, sport: string): Promise<LeagueSeasons[]> {
  const rows = await tx
    .select({ slug: t.competitions.slug, season: t.competitions.season, name: t.competitions.name, last: max(t.fixtures.kickoff) })
    .from(t.competitions)
    .leftJoin(t.fixtures, eq(t.fixtures.competitionId, t.competitions.id))
    .where(eq(t.competitions.sport, sport))
    .groupBy(t.competitions.id)
    .orderBy(desc(max(t.fixtures.kickoff)));
  const bySlug = new Map<string, LeagueSeasons>();
  for (const r of rows) {
    const l = bySlug.get(r.slug) ?? { slug: r.slug, name: getCompetition(r.slug)?.name ?? r.name.replace(/\s+\d{4}(\/\d{2,4})?$/, ''), seasons: [] };
    l.seasons.push(r.season);
    bySlug.set(r.slug, l);
  }
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The sports that have at least one competition in the store (others need no queries). */
export async function listSportsWithLeagues(tx: Tx): Promise<string[]> {
  const rows = await tx.selectDistinct({ sport: t.competitions.sport }).from(t.competitions);
  return rows.map((r) => r.sport);
}
