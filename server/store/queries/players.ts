/**
 * Players as resources: the store names them on match events (sources rarely give ids), so a
 * player is found by its stable id (lib/ids.ts playerId) among the sport's named players.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { playerId } from '@/lib/ids';
import type { Tx } from '../db';
import * as t from '../schema';

/** The name of the `sport` player with this id, or null when no event names such a player. */
export async function findPlayerName(tx: Tx, sport: string, id: number): Promise<string | null> {
  const rows = await tx
    .selectDistinct({ player: t.matchEvents.player })
    .from(t.matchEvents)
    .where(and(eq(t.matchEvents.sport, sport), isNotNull(t.matchEvents.player)));
  return rows.map((r) => r.player!).find((name) => name !== '' && playerId(sport, name) === id) ?? null;
}

/**
 * Where a player appears: per fixture, the team its events are for (by side) with the
 * competition; events counted. Ordered by kickoff.
 */
export async function playerAppearances(tx: Tx, sport: string, name: string) {
  return tx
    .select({
      fixtureId: t.fixtures.id,
      side: t.matchEvents.side,
      homeTeamId: t.fixtures.homeTeamId,
      awayTeamId: t.fixtures.awayTeamId,
      seasonId: t.competitions.id,
      slug: t.competitions.slug,
      season: t.competitions.season,
      kickoff: t.fixtures.kickoff,
      events: count(),
    })
    .from(t.matchEvents)
    .innerJoin(t.fixtures, eq(t.fixtures.id, t.matchEvents.fixtureId))
    .innerJoin(t.competitions, eq(t.competitions.id, t.fixtures.competitionId))
    .where(and(eq(t.matchEvents.sport, sport), eq(t.matchEvents.player, name)))
    .groupBy(t.fixtures.id, t.matchEvents.side, t.competitions.id)
    .orderBy(t.fixtures.kickoff);
}
