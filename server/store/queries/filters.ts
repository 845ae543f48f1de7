/** Filter pieces shared by the fixture/result queries. */
import { and, eq, gt, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import { teamKeyFor } from '@/lib/catalogue/teams';
import type { Tx } from '../db';
import * as t from '../schema';

export interface FixtureFilter {
  sport: string;
  league?: string;
  season?: string;
  team?: string;
  /** Fixtures of any of these team ids (resources by id; combined with `team` by AND). */
  teamIds?: number[];
  /** Fixtures between exactly these two team ids (head-to-head). */
  between?: [number, number];
  from?: string;
  to?: string;
  status?: string[];
  /** Keyset position: rows strictly after (asc) / before (desc) this (kickoff, id). */
  after?: { kickoff: string; id: number; order: 'asc' | 'desc' };
}

/** Team ids a name stands for (any known alias, reconciled like the importers do). */
export async function findTeamIds(tx: Tx, sport: string, name: string): Promise<number[]> {
  const rows = await tx
    .select({ id: t.teamAliases.teamId })
    .from(t.teamAliases)
    .where(and(eq(t.teamAliases.sport, sport), eq(t.teamAliases.aliasKey, teamKeyFor(sport, name))));
  return [...new Set(rows.map((r) => r.id))];
}

/** Builds the WHERE clause of a fixture query; null when the filter can match nothing. */
export async function fixtureWhere(tx: Tx, f: FixtureFilter): Promise<SQL | null> {
  const parts: (SQL | undefined)[] = [eq(t.fixtures.sport, f.sport)];
  if (f.league) parts.push(eq(t.competitions.slug, f.league));
  if (f.season) parts.push(eq(t.competitions.season, f.season));
  if (f.team) {
    const ids = await findTeamIds(tx, f.sport, f.team);
    if (!ids.length) return null;
    parts.push(or(inArray(t.fixtures.homeTeamId, ids), inArray(t.fixtures.awayTeamId, ids)));
  }
  if (f.teamIds) parts.push(or(inArray(t.fixtures.homeTeamId, f.teamIds), inArray(t.fixtures.awayTeamId, f.teamIds)));
  if (f.between) {
    const [a, b] = f.between;
    parts.push(
      or(
        and(eq(t.fixtures.homeTeamId, a), eq(t.fixtures.awayTeamId, b)),
        and(eq(t.fixtures.homeTeamId, b), eq(t.fixtures.awayTeamId, a)),
      ),
    );
  }
  if (f.from) parts.push(gte(t.fixtures.kickoff, f.from));
  if (f.to) parts.push(lte(t.fixtures.kickoff, f.to));
  if (f.status?.length) parts.push(inArray(t.fixtures.status, f.status));
  if (f.after) {
    const cmp = f.after.order === 'asc' ? gt : lt;
    parts.push(
      or(
        cmp(t.fixtures.kickoff, f.after.kickoff),
        and(eq(t.fixtures.kickoff, f.after.kickoff), cmp(t.fixtures.id, f.after.id)),
      ),
    );
  }
  return and(...parts)!;
}

/** True when a competition with this slug exists for the sport. */
export async function leagueExists(tx: Tx, sport: string, league: string): Promise<boolean> {
  const rows = await tx
    .select({ id: t.competitions.id })
    .from(t.competitions)
    .where(and(eq(t.competitions.sport, sport), eq(t.competitions.slug, league)))
    .limit(1);
  return rows.length > 0;
}
