/**
 * The one import path of a recorded match, any sport (server/engine/engine.ts importMatches):
 * the preparer is chosen by the imported match's shape — football's own importers' shape
 * (lib/import/types.ts ImportedMatch, server/engine/football-import.ts) or the contract's
 * (lib/rules/contract.ts ImportedSportMatch, the other nine sports, server/engine/sport-import.ts).
 * Both return the fixture, its current state and the events to ingest through the same path.
 */
import { isSportMatch, type AnyImportedMatch } from '@/lib/import/types';
import type { Tx } from '../store/db';
import { prepareFootballMatch } from './football-import';
import type { ImportContext, PreparedMatch } from './import-context';
import { prepareSportMatch } from './sport-import';

/**
 * Upserts the match's fixture (and its lineups or statistics) and returns the events to ingest.
 * @throws ReferenceError (reference.ts) when the competition cannot be created
 */
export function prepareImportedMatch(tx: Tx, m: AnyImportedMatch, ctx: ImportContext): Promise<PreparedMatch> {
  return isSportMatch(m) ? prepareSportMatch(tx, m, ctx) : prepareFootballMatch(tx, m, ctx);
}
