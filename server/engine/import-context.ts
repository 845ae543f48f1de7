/**
 * What the engine's import transaction (server/engine/engine.ts importMatches) lends to the
 * preparer of one imported match (server/engine/import-match.ts), and what a preparer returns.
 */
import type { MatchState } from '@/lib/match/state';
import type { FixtureInfo } from '@/lib/match/types';
import type { ImportedOddsRow } from '../store/queries/insert-odds-ticks';
import type { FixtureIndex } from './fixture-index';
import type { Tx } from '../store/db';
import { upsertFixture, type CompetitionKey } from './reference';
import type { IngestItem } from './types';

export interface ImportContext {
  /** The competition's id, created when missing (once per key per transaction). */
  competition(key: CompetitionKey): Promise<number>;
  /** The team's id in `sport`, created when missing. */
  team(sport: string, name: string): Promise<number>;
  /** Overrides for the competition key (replays: their own season label). */
  competitionKey?: Partial<CompetitionKey>;
  /**
   * True when the same match from another source is the same fixture (every import but a
   * replay's, whose fixtures are its own); used by football, whose matches come from several sources.
   */
  matchAcrossSources: boolean;
  /**
   * The fixture's current state: as earlier matches of this import left it, else as stored —
   * or, for a fixture this import just `created`, its sport's initial state (no query).
   */
  stateOf(
    fixtureId: number,
    info: Pick<FixtureInfo, 'sport' | 'round'>,
    created: boolean,
  ): Promise<{ state: MatchState }>;
  /** The stored fixtures the import's lookups are answered from (fixture-index.ts). */
  fixtures: FixtureIndex;
  /** The import's odds ticks, written in one batch after every match is prepared (upsertImportedOddsTicks). */
  odds: ImportedOddsRow[];
  /** The stored fixture's info (cached by the engine); null when it does not exist. */
  fixtureInfo(fixtureId: number): Promise<FixtureInfo | null>;
}

/** One imported match made ready: its fixture, whether it was created, its state, the events to ingest. */
export interface PreparedMatch {
  id: number;
  created: boolean;
  state: MatchState;
  items: IngestItem[];
}

/** What an imported match of any sport says about its fixture (lib/import/types.ts, lib/rules/contract.ts). */
export interface ImportedFixtureFields {
  competition: string;
  season: string;
  /** The importer's competition name (sports without a catalogue). */
  competition_name?: string;
  home_team: string;
  away_team: string;
  /** ISO 8601 UTC. */
  kickoff: string;
  round: string | null;
  group: string | null;
  venue: string | null;
  source: string;
  source_key: string;
}

/**
 * Finds or creates an imported match's competition, teams and fixture in `sport`
 * (reference.ts upsertFixture, answered from the import's fixture index). `matchAcrossSources`:
 * also find the same match stored from another source (football's several sources).
 * Errors: ReferenceError (reference.ts) when the competition cannot be created.
 */
export async function upsertImportedFixture(
  tx: Tx,
  ctx: ImportContext,
  sport: string,
  m: ImportedFixtureFields,
  matchAcrossSources: boolean,
): Promise<{ id: number; created: boolean; competitionId: number; homeTeamId: number; awayTeamId: number }> {
  const key: CompetitionKey = {
    sport,
    slug: m.competition,
    season: m.season,
    name: m.competition_name,
    ...ctx.competitionKey,
  };
  const competitionId = await ctx.competition(key);
  const homeTeamId = await ctx.team(sport, m.home_team);
  const awayTeamId = await ctx.team(sport, m.away_team);
  const { id, created } = await upsertFixture(
    tx,
    {
      sport,
      competitionId,
      homeTeamId,
      awayTeamId,
      kickoff: m.kickoff,
      round: m.round,
      group: m.group,
      venue: m.venue,
      source: m.source,
      sourceKey: m.source_key,
      matchAcrossSources,
    },
    ctx.fixtures,
  );
  return { id, created, competitionId, homeTeamId, awayTeamId };
}
