/**
 * Win-probability series of many fixtures of one sport at once (the recompute of every finished
 * match, server/win-probability/recompute-worker.ts): the sport's ratings are run once over its
 * whole pool of results — instead of once per fixture over the results before it, as a single
 * read does (read-win-probability.ts `fixturePrematch`) — and each fixture's answer is built the
 * same way. Pure (no store): the rows and logs are read by the caller.
 *
 * The same answers: `runElo` rates results in kickoff order and predicts every fixture of one
 * kickoff instant before rating any of them, so a fixture's prediction depends only on the results
 * strictly before its kickoff — exactly the pool a single read rates (the fixture's own result, and
 * later ones, never enter) — and it is the very pass a single read uses (prematch-batch.ts
 * `prematchOfRows`). `test/integration/win-probability-recompute.test.ts` compares both.
 */
import type { prematchProbabilities, Prematch } from '@/lib/win-probability/prematch';
import type { InPlayContext } from '@/lib/win-probability/inplay';
import { rulesOptions } from '@/lib/match/state';
import type { WinProbabilityResponse } from '@/lib/wire/win-probability';
import { isoUtc, type FixtureRow } from '../store/fixture-info';
import { prematchOfRows } from './prematch-batch';
import { baseballTables, isKnockout, seriesBody, type SeriesSource, type StoredLogEntry } from './read-win-probability';

type RatedSport = Parameters<typeof prematchProbabilities>[0];

/** Every fixture's pre-match probability of one sport's pool: the single read's own pass (prematch-batch.ts). */
export function poolPrematch(sport: RatedSport, pool: readonly FixtureRow[]): Map<number, Prematch> {
  return prematchOfRows(sport, pool);
}

/**
 * The series source of each of `ids` from one run of the ratings over `pool`.
 * @returns by fixture id (ids missing from `pool` are left out)
 */
export function poolSources(
  sport: RatedSport,
  pool: readonly FixtureRow[],
  ids: Iterable<number>,
): Map<number, SeriesSource> {
  const prematch = poolPrematch(sport, pool);
  const byId = new Map(pool.map((r) => [r.id, r]));
  const out = new Map<number, SeriesSource>();
  for (const id of ids) {
    const row = byId.get(id);
    const pre = prematch.get(id);
    if (!row || !pre) continue;
    const ctx: InPlayContext = {
      sport,
      prematch: pre,
      knockout: isKnockout(row),
      run_tables: sport === 'baseball' ? baseballTables() : undefined,
    };
    out.set(id, { row, ctx, kickoff: isoUtc(row.kickoff), options: rulesOptions(row) });
  }
  return out;
}

/**
 * The win-probability answer of a fixture from its source and stored log, or null when the log
 * cannot be folded (a correction the rules refuse: a single read answers that one itself).
 */
export function batchBody(src: SeriesSource, log: readonly StoredLogEntry[]): WinProbabilityResponse | null {
  try {
    return seriesBody(src, log);
  } catch {
    return null;
  }
}
