import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { effectiveLog, foldLog, isCorrection } from '@/lib/match/corrections';
import { rulesOptions } from '@/lib/match/state';
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
  const events = await tx
    .select()
    .from(t.matchEvents)
    .where(eq(t.matchEvents.fixtureId, fixtureId))
    .orderBy(asc(t.matchEvents.seq));
  const lineups = await tx.select().from(t.lineups).where(eq(t.lineups.fixtureId, fixtureId)).orderBy(t.lineups.side);
  const [stats] = await tx.select().from(t.matchStats).where(eq(t.matchStats.fixtureId, fixtureId));
  const log = events.map(toStoredEvent).map((e) => ({ event: e, occurred_at: e.occurred_at }));
  // Corrections applied (docs/operators.md): a retracted event is left out, an amended one shows its
  // new values, and the corrections themselves stay in the timeline so readers see what changed.
  const { effective, amended, retracted } = effectiveLog(log);
  const bySeq = new Map(effective.map((x) => [x.event.seq, x.event]));
  const timeline = log
    .map((x) => (isCorrection(x.event) ? x.event : bySeq.get(x.event.seq)))
    .filter((e) => e !== undefined)
    .map((e) => (amended.has(e.event_id) && !isCorrection(e) ? { ...e, amended: true } : e));
  return {
    row,
    // Rebuilt from the same events it is served with, so state and timeline always agree.
    state: log.length ? foldLog(row.sport, log, rulesOptions(row)) : null,
    lastSeq: log.at(-1)?.event.seq ?? 0,
    events: timeline,
    /** The whole stored log in seq order (corrections and the events they retract included), for operators. */
    log: log.map((x) => x.event),
    retracted,
    amended,
    lineups: lineups.map((l) => ({
      side: l.side as 'home' | 'away',
      team: l.team,
      formation: l.formation,
      players: l.players,
    })),
    statistics: (stats?.stats as Record<string, unknown>) ?? null,
  };
}
