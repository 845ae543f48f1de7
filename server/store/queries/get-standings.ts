import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { computeSportTables } from '@/lib/match/sport-tables';
import type { StandingsView } from '@/lib/match/standings-views';
import type { Tx } from '../db';
import { isoUtc } from '../fixture-info';
import * as t from '../schema';
import { finishedMatchesOf } from './finished-matches';
import { currentSeasons } from './get-seasons';
import { teamIdsByName } from './teams';

type Scope = { sport: string; league?: string; season?: string };

/** The competitions of the scope: without `season`, each league's current season (get-seasons.ts). */
async function standingsCompetitions(tx: Tx, f: Scope) {
  const conds = [eq(t.competitions.sport, f.sport)];
  if (f.league) conds.push(eq(t.competitions.slug, f.league));
  if (f.season) conds.push(eq(t.competitions.season, f.season));
  const comps = await tx
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
  if (f.season) return comps;
  const current = await currentSeasons(tx, f.sport, f.league);
  return comps.filter((c) => current.get(c.slug)?.id === c.id);
}

/**
 * Standings of a sport's competitions. Without `season`, each league's current season
 * (get-seasons.ts: its latest real season, else the replay of its latest recorded season).
 * Tables are ordered by league then group. Without `view` (or with the sport's stored one) the
 * stored tables; with another view of lib/match/standings-views.ts (`conference` for the NHL) the
 * tables computed now from the same finished matches in that grouping, `updated_at` the stored
 * tables' time. Errors: the store's; RangeError from the sport's table on impossible results.
 */
export async function getStandings(tx: Tx, f: Scope & { view?: StandingsView }) {
  const comps = await standingsCompetitions(tx, f);
  if (!comps.length) return [];
  const stored = await tx
    .select()
    .from(t.standings)
    .where(
      inArray(
        t.standings.competitionId,
        comps.map((c) => c.id),
      ),
    );
  const tables = f.view
    ? await viewTables(tx, f.sport, f.view, comps, stored)
    : stored.map((tb) => ({
        competitionId: tb.competitionId,
        groupName: tb.groupName,
        rows: tb.rows,
        at: tb.computedAt,
      }));
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
        ...(f.view ? { view: f.view } : {}),
        tie_breakers: c.tieBreakers,
        updated_at: isoUtc(tb.at),
        rows: (tb.rows as { team?: string }[]).map((r) =>
          r.team && ids.has(r.team) ? { ...r, team_id: ids.get(r.team) } : r,
        ),
      })),
  );
}

/** Each competition's tables in `view`, from its finished matches (a competition without stored tables has none). */
async function viewTables(
  tx: Tx,
  sport: string,
  view: StandingsView,
  comps: { id: number }[],
  stored: { competitionId: number; computedAt: string | Date }[],
) {
  const out: { competitionId: number; groupName: string; rows: unknown[]; at: string | Date }[] = [];
  for (const c of comps) {
    const own = stored.filter((s) => s.competitionId === c.id);
    if (!own.length) continue;
    const at = own
      .map((s) => isoUtc(s.computedAt))
      .sort()
      .at(-1)!;
    for (const tb of computeSportTables(sport, await finishedMatchesOf(tx, c.id), view))
      out.push({ competitionId: c.id, groupName: tb.group, rows: tb.rows, at });
  }
  return out;
}
