/**
 * Teams (tennis: players, MMA: fighters) as resources: lists filtered by league, season and a
 * name search, one team by id, the seasons it played, and name → id lookups for the wire shapes.
 */
import { and, asc, count, eq, gt, ilike, inArray, max, min, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db';
import { isoUtc } from '../fixture-info';
import * as t from '../schema';

export interface TeamRef {
  id: number;
  name: string;
}

/** Ids of the named teams of `sport` (canonical names as stored): name → id. */
export async function teamIdsByName(tx: Tx, sport: string, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await tx
    .select({ id: t.teams.id, name: t.teams.name })
    .from(t.teams)
    .where(and(eq(t.teams.sport, sport), inArray(t.teams.name, unique)));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** One team of `sport` by id, or null. */
export async function getTeam(tx: Tx, sport: string, id: number): Promise<TeamRef | null> {
  const [r] = await tx
    .select({ id: t.teams.id, name: t.teams.name })
    .from(t.teams)
    .where(and(eq(t.teams.sport, sport), eq(t.teams.id, id)));
  return r ?? null;
}

/** Escapes LIKE wildcards so a search matches its text literally. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Teams of `sport` with at least one fixture in the scope (league and/or season; neither: every
 * team of the sport), whose name or a known alias contains `search` (case-insensitive), ordered by
 * id, `limit` after id `afterId`. Each with its fixture count in the scope.
 */
export async function listTeams(
  tx: Tx,
  f: { sport: string; league?: string; season?: string; search?: string; afterId?: number; limit: number },
): Promise<{ rows: (TeamRef & { fixtures: number })[]; more: boolean }> {
  const conds: SQL[] = [eq(t.teams.sport, f.sport)];
  if (f.afterId) conds.push(gt(t.teams.id, f.afterId));
  if (f.search) {
    const alias = tx
      .select({ id: t.teamAliases.teamId })
      .from(t.teamAliases)
      .where(and(eq(t.teamAliases.sport, f.sport), ilike(t.teamAliases.alias, likeText(f.search))));
    conds.push(or(ilike(t.teams.name, likeText(f.search)), inArray(t.teams.id, alias))!);
  }
  const scope: SQL[] = [];
  if (f.league) scope.push(eq(t.competitions.slug, f.league));
  if (f.season) scope.push(eq(t.competitions.season, f.season));
  const played = tx
    .select({ team: sql<number>`x.team`.as('team'), n: count().as('n') })
    .from(
      tx
        .select({ team: sql<number>`unnest(array[${t.fixtures.homeTeamId}, ${t.fixtures.awayTeamId}])`.as('team') })
        .from(t.fixtures)
        .innerJoin(t.competitions, eq(t.competitions.id, t.fixtures.competitionId))
        .where(and(eq(t.fixtures.sport, f.sport), ...scope))
        .as('x'),
    )
    .groupBy(sql`x.team`)
    .as('played');
  const rows = await tx
    .select({ id: t.teams.id, name: t.teams.name, n: played.n })
    .from(t.teams)
    .innerJoin(played, eq(played.team, t.teams.id))
    .where(and(...conds))
    .orderBy(asc(t.teams.id))
    .limit(f.limit + 1);
  return {
    rows: rows.slice(0, f.limit).map((r) => ({ id: r.id, name: r.name, fixtures: Number(r.n) })),
    more: rows.length > f.limit,
  };
}

/** The league-seasons a team has fixtures in, newest first: season id, slug, label, name, fixtures, first and last kickoff. */
export async function teamSeasons(tx: Tx, teamId: number) {
  const rows = await tx
    .select({
      id: t.competitions.id,
      slug: t.competitions.slug,
      season: t.competitions.season,
      name: t.competitions.name,
      isReplay: t.competitions.isReplay,
      n: count(),
      first: min(t.fixtures.kickoff),
      last: max(t.fixtures.kickoff),
    })
    .from(t.fixtures)
    .innerJoin(t.competitions, eq(t.competitions.id, t.fixtures.competitionId))
    .where(or(eq(t.fixtures.homeTeamId, teamId), eq(t.fixtures.awayTeamId, teamId)))
    .groupBy(t.competitions.id);
  return rows
    .map((r) => ({
      season_id: r.id,
      league_slug: r.slug,
      season: r.season,
      league: r.name,
      is_replay: r.isReplay,
      fixtures: Number(r.n),
      first_kickoff: isoUtc(r.first!),
      last_kickoff: isoUtc(r.last!),
    }))
    .sort((a, b) => Number(a.is_replay) - Number(b.is_replay) || b.last_kickoff.localeCompare(a.last_kickoff));
}
