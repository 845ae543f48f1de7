/**
 * A competition-season's finished fixtures with their projected states, as the sports' tables
 * read them (lib/match/sport-tables.ts FinishedMatch): for the engine's stored tables
 * (server/engine/standings.ts) and the other standings views computed on read (get-standings.ts).
 */
import { eq } from 'drizzle-orm';
import { projectedState, type FinishedMatch } from '@/lib/match/sport-tables';
import type { Tx } from '../db';
import { selectFixtures, type FixtureRow } from '../fixture-info';
import * as t from '../schema';
import { getSnapshotStates } from './get-fixtures';

/** The finished ones of `rows` (default: every fixture of `competitionId`) with their states. Errors: the store's. */
export async function finishedMatchesOf(tx: Tx, competitionId: number, rows?: FixtureRow[]): Promise<FinishedMatch[]> {
  const all = rows ?? (await selectFixtures(tx).where(eq(t.fixtures.competitionId, competitionId)));
  const finished = all.filter((r) => r.status === 'finished');
  const states = await getSnapshotStates(
    tx,
    finished.map((r) => r.id),
  );
  return finished.map((row) => ({ row, state: projectedState(row, states.get(row.id)) ?? {} }));
}
