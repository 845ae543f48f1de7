import { asc, count, desc, eq, inArray, min, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import type { MatchState } from '@/lib/match/state';
import { selectFixtures, isoUtc, type FixtureRow } from '../fixture-info';
import * as t from '../schema';
import { fixtureWhere, type FixtureFilter } from './filters';

export interface LeagueSummary {
  league: string;
  league_slug: string;
  season_id: number;
  season: string;
  /** Upcoming fixtures: still scheduled, kickoff from `now` on (spec 2.3). */
  fixtures: number;
  /** Every fixture matching the filter, whatever its status. */
  total: number;
  /** = `fixtures` (the earlier name of the upcoming count). */
  upcoming: number;
  next_kickoff: string | null;
}

/**
 * One page of fixtures matching the filter, ordered by kickoff then id (ascending, or
 * descending for results), plus whether more rows follow.
 */
export async function getFixturePage(
  tx: Tx,
  f: FixtureFilter,
  limit: number,
  order: 'asc' | 'desc' = 'asc',
): Promise<{ rows: FixtureRow[]; more: boolean }> {
  const where = await fixtureWhere(tx, f);
  if (!where) return { rows: [], more: false };
  const dir = order === 'asc' ? asc : desc;
  const rows = await selectFixtures(tx)
    .where(where)
    .orderBy(dir(t.fixtures.kickoff), dir(t.fixtures.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * Spec 2.3 per league-season over exactly the fixtures matching the filter (every filter: from/to,
 * team, status; not the cursor): `fixtures` how many are still upcoming (scheduled, kickoff ≥ `now`),
 * `total` how many match, and the next upcoming kickoff (ISO UTC). Ordered by next kickoff, then first kickoff.
 */
export async function getFixtureSummaries(tx: Tx, f: FixtureFilter, now: string): Promise<LeagueSummary[]> {
  const where = await fixtureWhere(tx, { ...f, after: undefined });
  if (!where) return [];
  const upcoming = sql`${t.fixtures.status} = 'scheduled' and ${t.fixtures.kickoff} >= ${now}`;
  const rows = await tx
    .select({
      id: t.competitions.id,
      league: t.competitions.name,
      slug: t.competitions.slug,
      season: t.competitions.season,
      n: count(),
      up: sql<number>`count(*) filter (where ${upcoming})`,
      next: sql<string | null>`min(${t.fixtures.kickoff}) filter (where ${upcoming})`,
      first: min(t.fixtures.kickoff),
    })
    .from(t.fixtures)
    .innerJoin(t.competitions, eq(t.fixtures.competitionId, t.competitions.id))
    .where(where)
    .groupBy(t.competitions.id)
    .orderBy(sql`min(${t.fixtures.kickoff}) filter (where ${upcoming}) nulls last`, min(t.fixtures.kickoff));
  return rows.map((r) => ({
    league: r.league,
    league_slug: r.slug,
    season_id: r.id,
    season: r.season,
    fixtures: Number(r.up),
    total: Number(r.n),
    upcoming: Number(r.up),
    next_kickoff: r.next ? isoUtc(r.next) : null,
  }));
}

/** Snapshot states of the given fixtures (for half-time scores and shoot-outs in results). */
export async function getSnapshotStates(tx: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, MatchState>();
  const rows = await tx
    .select({ id: t.matchSnapshots.fixtureId, state: t.matchSnapshots.state })
    .from(t.matchSnapshots)
    .where(inArray(t.matchSnapshots.fixtureId, ids));
  return new Map(rows.map((r) => [r.id, r.state]));
}
