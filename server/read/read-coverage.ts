/**
 * Coverage flags of a sport's league-seasons (lib/seasons/coverage.ts), for the leagues resources
 * and the pages: the store's facts (server/store/queries/get-season-facts.ts) counted once per
 * version of the store — its last seq (the live cache's) and its competitions (a new replay cycle
 * adds one without an event) — and kept while that stands (versioned-memo.ts).
 */
import { seasonCoverage, type SeasonCoverage } from '@/lib/seasons/coverage';
import type { Sport } from '@/lib/sports';
import { getSeasonFacts, seasonFactsVersion } from '../store/queries/get-season-facts';
import { findSeason } from '../store/queries/get-seasons';
import type { ReadDeps } from './deps';
import { VersionedMemo } from './versioned-memo';

/** One memo per store (the sandbox has its own). */
const memos = new WeakMap<object, VersionedMemo<Map<number, SeasonCoverage>>>();

/** Competition (season) id → coverage, for every league-season of `sport`. Errors: the store's. */
export async function readCoverage(deps: ReadDeps, sport: string): Promise<Map<number, SeasonCoverage>> {
  let memo = memos.get(deps.db);
  if (!memo) memos.set(deps.db, (memo = new VersionedMemo(32)));
  const version = `${deps.live.lastSeq}.${await seasonFactsVersion(deps.db, sport)}`;
  return memo.get(sport, version, Infinity, async () => {
    const facts = await getSeasonFacts(deps.db, sport);
    return new Map([...facts].map(([id, f]) => [id, seasonCoverage(sport as Sport, f)]));
  });
}

/** The coverage of one league-season (`league` slug, `season` label), or null when there is no such season. Errors: the store's. */
export async function readSeasonCoverage(
  deps: ReadDeps,
  sport: string,
  league: string,
  season: string,
): Promise<SeasonCoverage | null> {
  const row = await findSeason(deps.db, sport, league, season);
  return row ? ((await readCoverage(deps, sport)).get(row.id) ?? null) : null;
}
