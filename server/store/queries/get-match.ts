import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { foldEvents, rulesOptions } from '../../engine/sport-rules';
import { toStoredEvent } from '../event-row';
import { selectFixtures, type FixtureRow } from '../fixture-info';
import * as t from '../schema';

/**
 * A fixture with its state (rebuilt from its log), full event timeline (seq order), lineups and
 * statistics; null if unknown or not of `sport` (null `sport`: any).
 */
export async function getMatch(tx: Tx, sport: string | null, fixtureId: number) {
  const [row] = (await selectFixtures(tx).where(eq(t.fixtures.id, fixtureId))) as FixtureRow[];
  if (!row || (sport != null && row.sport !== sport)) return null;
  const events = await tx.select().from(t.matchEvents).where(eq(t.matchEvents.fixtureId, fixtureId)).orderBy(asc(t.matchEvents.seq));
  const lineups = await tx.select().from(t.lineups).where(eq(t.lineups.fixtureId, fixtureId)).orderBy(t.lineups.side);
  const [stats] = await tx.select().from(t.matchStats).where(eq(t.matchStats.fixtureId, fixtureId));
  const timeline = events.map(toStoredEvent);
  return {
    row,
    // Rebuilt from the same events it is served with, so state and timeline always agree.
    state: timeline.length ? foldEvents(row.sport, timeline.map((e) => ({ event: e, occurred_at: e.occurred_at })), rulesOptions(row)) : null,
    lastSeq: timeline.at(-1)?.seq ?? 0,
    events: timeline,
    lineups: lineups.map((l) => ({ side: l.side as 'home' | 'away', team: l.team, formation: l.formation, players: l.players })),
    statistics: (stats?.stats as Record<string, unknown>) ?? null,
  };
}
