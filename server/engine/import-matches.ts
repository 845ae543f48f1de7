/**
 * The transaction of an import (server/engine/engine.ts importMatches): every imported match's
 * competition, teams and fixture found or created (server/engine/import-match.ts, answered from
 * the import's fixture index), its lineups, statistics and odds stored, then its events plus a
 * `result` event through the engine's one ingest path.
 */
import type { AnyImportedMatch } from '@/lib/import/types';
import { initialMatchState, rulesOptions, type MatchState } from '@/lib/match/state';
import type { FixtureInfo } from '@/lib/match/types';
import type { Tx } from '../store/db';
import { upsertImportedOddsTicks } from '../store/queries/insert-odds-ticks';
import { FixtureIndex } from './fixture-index';
import type { ImportContext } from './import-context';
import { prepareImportedMatch } from './import-match';
import { ensureCompetition, ensureTeam, type CompetitionKey } from './reference';
import type { FeedMessage, IngestItem, IngestOutcome } from './types';
import { cooperative } from './yield';

/** What an import reports: per match, its fixture id; events stored, duplicates and rejections. */
export interface ImportSummary {
  matches: number;
  fixtures_created: number;
  events_stored: number;
  duplicates: number;
  rejected: { event_id: string; error: string }[];
  fixture_ids: number[];
}

/** What an import transaction uses of the feed engine (its state and fixture caches, its ingest). */
export interface ImportEngine {
  /** The fixture's state as stored (or cached). */
  stateOf(tx: Tx, fixtureId: number, info: Pick<FixtureInfo, 'sport' | 'round'>): Promise<{ state: MatchState }>;
  /** The fixture's info (cached); null when it does not exist. */
  fixtureInfo(fixtureId: number, tx: Tx): Promise<FixtureInfo | null>;
  /** Caches the info of the given fixtures in as few queries as it can. */
  cacheFixtureInfos(tx: Tx, ids: number[]): Promise<void>;
  /** Appends and applies events in this transaction; `known` gives states the caller already holds. */
  ingestInTx(
    tx: Tx,
    items: IngestItem[],
    source: string,
    known: Map<number, MatchState>,
  ): Promise<{ outcomes: IngestOutcome[]; messages: FeedMessage[] }>;
}

/**
 * Imports `matches` inside `tx`: returns the summary and the feed messages to publish after
 * commit. `opts.source` names the ingest source (default the matches' own); `opts.source ===
 * 'replay'` keeps every fixture its own (no same-match lookup across sources);
 * `opts.competition` overrides the competition key (a replay's season label).
 * Errors: ReferenceError (reference.ts) for an unknown competition; the store's, unchanged.
 */
export async function importMatchesInTx(
  engine: ImportEngine,
  tx: Tx,
  matches: AnyImportedMatch[],
  opts: { source?: string; competition?: Partial<CompetitionKey> },
): Promise<{ summary: ImportSummary; messages: FeedMessage[] }> {
  const summary: ImportSummary = {
    matches: matches.length,
    fixtures_created: 0,
    events_stored: 0,
    duplicates: 0,
    rejected: [],
    fixture_ids: [],
  };
  const items: IngestItem[] = [];
  const known = new Map<number, MatchState>();
  const competitionIds = new Map<string, Promise<number>>();
  const teamIds = new Map<string, Promise<number>>();
  const ctx: ImportContext = {
    competition: (key) => {
      const k = `${key.sport}|${key.slug}|${key.season}`;
      return competitionIds.get(k) ?? competitionIds.set(k, ensureCompetition(tx, key)).get(k)!;
    },
    team: (sport, name) => {
      const k = `${sport}|${name}`;
      return teamIds.get(k) ?? teamIds.set(k, ensureTeam(tx, sport, name)).get(k)!;
    },
    competitionKey: opts.competition,
    // The same match from two sources is one fixture; a replay's fixtures are its own.
    matchAcrossSources: opts.source !== 'replay',
    stateOf: async (id, info, created) => {
      const k = known.get(id);
      if (k) return { state: k };
      if (created) return { state: initialMatchState(info.sport, rulesOptions(info)) };
      return engine.stateOf(tx, id, info);
    },
    fixtureInfo: (id) => engine.fixtureInfo(id, tx),
    fixtures: await FixtureIndex.load(
      tx,
      matches.map((m) => m.source_key),
    ),
    odds: [],
  };
  const step = cooperative(); // a season's import must not hold the event loop (server/engine/yield.ts)
  for (const m of matches) {
    await step();
    const p = await prepareImportedMatch(tx, m, ctx);
    if (p.created) summary.fixtures_created += 1;
    summary.fixture_ids.push(p.id);
    known.set(p.id, known.get(p.id) ?? p.state);
    items.push(...p.items);
  }
  await ctx.fixtures.flushSources(tx);
  await upsertImportedOddsTicks(tx, ctx.odds);
  await engine.cacheFixtureInfos(tx, summary.fixture_ids);
  const { outcomes, messages } = await engine.ingestInTx(
    tx,
    items,
    opts.source ?? matches[0]?.source ?? 'import',
    known,
  );
  for (const o of outcomes) {
    if (o.status === 'stored') summary.events_stored += 1;
    else if (o.status === 'duplicate') summary.duplicates += 1;
    else summary.rejected.push({ event_id: o.event_id, error: o.error });
  }
  return { summary, messages };
}
