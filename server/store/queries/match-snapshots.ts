/** Stored match snapshots (`match_snapshots`): a fixture's state after its last stored event. */
import { eq } from 'drizzle-orm';
import type { MatchState } from '@/lib/match/state';
import type { Tx } from '../db';
import * as t from '../schema';

/**
 * The stored snapshot of one fixture: its state and the seq of its last event, or null before
 * its first event (the caller starts from the sport's initial state).
 */
export async function getMatchSnapshot(
  db: Tx,
  fixtureId: number,
): Promise<{ state: MatchState; lastSeq: number } | null> {
  const [snap] = await db
    .select({ state: t.matchSnapshots.state, lastSeq: t.matchSnapshots.lastSeq })
    .from(t.matchSnapshots)
    .where(eq(t.matchSnapshots.fixtureId, fixtureId));
  return snap ?? null;
}
