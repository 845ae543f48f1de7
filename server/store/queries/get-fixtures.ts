import { and, asc, count, desc, eq, gte, inArray, min, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { selectFixtures, isoUtc, type FixtureRow } from '../fixture-info';
import * as t from '../schema';
import { fixtureWhere, type FixtureFilter } from './filters';

export interface LeagueSummary {
  league: string;
  league_slug: string;
  season: string;
  fixtures: number;
  next_kickoff: string | null;
}

/**
 * One page of fixtures matching the filter, ordered by kickoff then id (ascending, or
 * descending for results), plus whether more rows follow.
 */
export async function getFixturePage(tx: Tx, f: FixtureFilter, limit: number, order: 'asc' | 'desc' = 'asc'): Promise<{ rows: FixtureRow[]; more: boolean }> {
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
 * Spec 2.3 per league: number of upcoming (scheduled, kickoff ≥ `now`) fixtures matching the
 * filter and the next kickoff (ISO UTC), for every league that has one.
 */
export async function getUpcomingSummaries(tx: Tx, f: FixtureFilter, now: string): Promise<LeagueSummary[]> {
  const where = await fixtureWhere(tx, { ...f, after: undefined, status: ['scheduled'] });
  if (!where) return [];
  const rows = await tx
    .select({ league: t.competitions.name, slug: t.competitions.slug, season: t.competitions.season, n: count(), next: min(t.fixtures.kickoff) })
    .from(t.fixtures)
    .innerJoin(t.competitions, eq(t.fixtures.competitionId, t.competitions.id))
    .where(and(where, gte(t.fixtures.kickoff, f.from && f.from > now ? f.from : now)))
    .groupBy(t.competitions.name, t.competitions.slug, t.competitions.season)
    .orderBy(sql`min(${t.fixtures.kickoff})`);
  return rows.map((r) => ({ league: r.league, league_slug: r.slug, season: r.season, fixtures: Number(r.n), next_kickoff: r.next ? isoUtc(r.next) : null }));
}

/** Snapshot states of the given fixtures (for half-time scores and shoot-outs in results). */
export async function getSnapshotStates(tx: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, Record<string, unknown>>();
  const rows = await tx.select({ id: t.matchSnapshots.fixtureId, state: t.matchSnapshots.state }).from(t.matchSnapshots).where(inArray(t.matchSnapshots.fixtureId, ids));
  return new Map(rows.map((r) => [r.id, r.state]));
}
