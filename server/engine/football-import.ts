/**
 * Prepares one imported football match (lib/import/types.ts ImportedMatch: openfootball,
 * football-data.co.uk, StatsBomb) for the engine's import transaction
 * (server/engine/import-match.ts): its competition, teams and fixture (the same match from two
 * sources is one fixture, except in a replay), its lineups, and its events at kickoff plus their
 * clock — ending in a `result` event when the state does not already show the recorded result.
 * The events then go through the same ingest path as everything else.
 */
import type { FootballState } from '@/lib/football/state';
import type { SourceEvent } from '@/lib/match/events';
import type { ImportedMatch } from '@/lib/import/types';
import type { Tx } from '../store/db';
import { upsertImportedFixture, type ImportContext, type PreparedMatch } from './import-context';
import { importedOddsRows, storeMatchExtras } from './reference';
import type { IngestItem } from './types';

/**
 * Upserts the match's fixture and lineups and returns the events to ingest.
 * @returns the fixture id, whether it was created, its current state and the ingest items
 * @throws ReferenceError (reference.ts) when the competition cannot be created
 */
export async function prepareFootballMatch(tx: Tx, m: ImportedMatch, ctx: ImportContext): Promise<PreparedMatch> {
  const { id, created } = await upsertImportedFixture(tx, ctx, 'football', m, ctx.matchAcrossSources);
  await storeMatchExtras(tx, id, m);
  if (m.odds.length) ctx.odds.push(...importedOddsRows(id, m));
  const info = created ? { sport: 'football', round: m.round } : (await ctx.fixtureInfo(id))!;
  const { state } = await ctx.stateOf(id, info, created);
  const items: IngestItem[] = m.events.map((e) => ({ fixture_id: id, event: e, occurred_at: eventTime(m.kickoff, e) }));
  if (m.result && !sameResult(state as FootballState, m)) {
    const result: SourceEvent = {
      event_id: `${m.source_key}#result`,
      type: 'result',
      side: null,
      player: null,
      minute: null,
      stoppage: null,
      period: 'full_time',
      clock_seconds: null,
      detail: { ...m.result },
    };
    items.push({
      fixture_id: id,
      event: result,
      occurred_at: eventTime(m.kickoff, { clock_seconds: (m.result.et ? 125 : 110) * 60 }),
    });
  }
  return { id, created, state, items };
}

/** A historical event's wall time (ISO 8601 UTC): kickoff plus its clock, with a 15-minute half-time break. */
function eventTime(kickoff: string, e: { clock_seconds: number | null }): string {
  const secs = e.clock_seconds ?? 0;
  return new Date(Date.parse(kickoff) + (secs + (secs >= 2700 ? 900 : 0)) * 1000).toISOString();
}

/** True when the state is finished at the recorded final score (after extra time if any). */
function sameResult(state: FootballState, m: ImportedMatch): boolean {
  if (state.status !== 'finished' || !m.result) return false;
  const final = m.result.et ?? m.result.ft;
  return state.score.home === final[0] && state.score.away === final[1];
}
