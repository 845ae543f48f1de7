import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { Tx } from '../db';
import { isoUtc } from '../fixture-info';
import * as t from '../schema';
import { currentSeasons } from './get-seasons';
import { teamIdsByName } from './teams';

/**
 * Stored standings of a sport's competitions. Without `season`, each league's current season
 * (get-seasons.ts: its latest real season, else the replay of its latest recorded season).
 * Tables are ordered by league then group.
 */
export async function getStandings(tx: Tx, f: { sport: string; league?: string; season?: string }) {
  const conds = [eq(t.competitions.sport, f.sport)];
  if (f.league) conds.push(eq(t.competitions.slug, f.league));
  if (f.season) conds.push(eq(t.competitions.season, f.season));
  let comps = await tx
    .select({
      id: t.competitions.id,
      slug: t.competitions.slug,
      season: t.competitions.season,
      name: t.competitions.name,
      tieBreakers: t.competitions.tieBreakers,
      last: max(t.fixtures.kickoff),
    })
    .from(t.competitions)
    .leftJoin(t.fixtures, eq(t.fixtures.competitionId, t.competitions.id))
    .where(and(...conds))
    .groupBy(t.competitions.id)
    .orderBy(t.competitions.slug, desc(max(t.fixtures.kickoff)));
  if (!f.season) {
    const current = await currentSeasons(tx, f.sport, f.league);
    comps = comps.filter((c) => current.get(c.slug)?.id === c.id);
  }
  if (!comps.length) return [];
  const tables = await tx
    .select()
    .from(t.standings)
    .where(
      inArray(
        t.standings.competitionId,
        comps.map((c) => c.id),
      ),
    );
  const ids = await teamIdsByName(
    tx,
    f.sport,
    tables.flatMap((tb) => (tb.rows as { team?: string }[]).map((r) => r.team ?? '')),
  );
  return comps.flatMap((c) =>
    tables
      .filter((tb) => tb.competitionId === c.id)
      .sort((a, b) => a.groupName.localeCompare(b.groupName))
      .map((tb) => ({
        league: c.name,
        league_slug: c.slug,
        season: c.season,
        group: tb.groupName || null,
        tie_breakers: c.tieBreakers,
        updated_at: isoUtc(tb.computedAt),
        rows: (tb.rows as { team?: string }[]).map((r) =>
          r.team && ids.has(r.team) ? { ...r, team_id: ids.get(r.team) } : r,
        ),
      })),
  );
}
