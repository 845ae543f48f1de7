/**
 * What the engine's import transaction (server/engine/engine.ts importMatches) lends to the
 * preparer of one imported match (server/engine/import-match.ts), and what a preparer returns.
 */
import type { MatchState } from '@/lib/match/state';
import type { FixtureInfo } from '@/lib/match/types';
import type { CompetitionKey } from './reference';
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
  /** The fixture's current state: as earlier matches of this import left it, else as stored. */
  stateOf(fixtureId: number, info: FixtureInfo): Promise<{ state: MatchState }>;
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
