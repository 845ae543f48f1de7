/**
 * Prepares one imported match in the contract's shape (lib/rules/contract.ts ImportedSportMatch:
 * every sport but football, whose importers have their own, server/engine/football-import.ts) for
 * the engine's import transaction (server/engine/import-match.ts): its competition, teams and
 * fixture, its recorded statistics and bookmaker prices, and its events timed from the start (lib/import/sport-timeline.ts) — ending in a `result` event
 * when the events alone do not reach the recorded result. The events then go through the same
 * ingest path as everything else.
 */
import { sportTimeline } from '@/lib/import/sport-timeline';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import type { Tx } from '../store/db';
import * as t from '../store/schema';
import type { FixtureInfo } from '@/lib/match/types';
import { upsertImportedFixture, type ImportContext, type PreparedMatch } from './import-context';
import { importedOddsRows } from './reference';

/**
 * Upserts the match's fixture and returns the events to ingest (occurred_at = start + offset).
 * @returns the fixture id, whether it was created, its current state and the ingest items
 * @throws ReferenceError (reference.ts) when the competition cannot be created
 */
export async function prepareSportMatch(tx: Tx, m: ImportedSportMatch, ctx: ImportContext): Promise<PreparedMatch> {
  // Other sports' teams meet on consecutive days (a baseball series): a source key is the only match.
  const { id, created, competitionId, homeTeamId, awayTeamId } = await upsertImportedFixture(
    tx,
    ctx,
    m.sport,
    m,
    false,
  );
  if (m.odds?.length) ctx.odds.push(...importedOddsRows(id, m));
  if (m.stats) {
    await tx
      .insert(t.matchStats)
      .values({ fixtureId: id, stats: m.stats })
      .onConflictDoUpdate({ target: t.matchStats.fixtureId, set: { stats: m.stats } });
  }
  const info: FixtureInfo = {
    id,
    sport: m.sport,
    competition: {
      id: competitionId,
      slug: m.competition,
      season: m.season,
      name: m.competition_name,
      isReplay: false,
    },
    home_team: m.home_team,
    away_team: m.away_team,
    home_team_id: homeTeamId,
    away_team_id: awayTeamId,
    kickoff: m.kickoff,
    round: m.round,
    group: m.group,
    venue: m.venue,
  };
  const { state } = await ctx.stateOf(id, info, created);
  const start = Date.parse(m.kickoff);
  const items = sportTimeline(m).events.map(({ at_s, event }) => ({
    fixture_id: id,
    event: { ...event, stoppage: null },
    occurred_at: new Date(start + at_s * 1000).toISOString(),
  }));
  return { id, created, state, items };
}
