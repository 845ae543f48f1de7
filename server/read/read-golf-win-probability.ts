/**
 * Golf's answer of GET /v1/golf/matches/{fixture_id}/win-probability (docs/odds.md "Golf"): the
 * tournament's field series (lib/win-probability/golf-series.ts) from its effective event log
 * (corrections applied), the players rated on the completed rounds of earlier golf tournaments in
 * the store (started before this one, their events before its first tee time). Recomputed from
 * the logs, so the same after a restart; kept per process while no golf event up to this
 * tournament's start has been added (the version: the count and last seq of those logs).
 */
import { and, count, eq, lt, lte, max } from 'drizzle-orm';
import { effectiveLog } from '@/lib/match/corrections';
import { TOUR_MEAN_TO_PAR } from '@/lib/win-probability/golf';
import {
  golfEntrants,
  type GolfRating,
  golfRatings,
  golfWinProbabilitySeries,
} from '@/lib/win-probability/golf-series';
import type { GolfWinProbabilityResponse } from '@/lib/wire/golf-win-probability';
import type { Db, Tx } from '../store/db';
import { isoUtc, selectFixtures, type FixtureRow } from '../store/fixture-info';
import * as t from '../store/schema';
import { fixtureLog } from './read-win-probability';
import { VersionedMemo } from './versioned-memo';

const memo = new VersionedMemo<GolfWinProbabilityResponse>(64);

/** The version of what a tournament's series reads: its log and every earlier golf tournament's. */
async function golfVersion(db: Tx, kickoff: string, fixtureId: number): Promise<string> {
  const [r] = await db
    .select({ n: count(), last: max(t.matchEvents.seq) })
    .from(t.matchEvents)
    .innerJoin(t.fixtures, eq(t.matchEvents.fixtureId, t.fixtures.id))
    .where(and(eq(t.fixtures.sport, 'golf'), lte(t.fixtures.kickoff, kickoff)));
  return `${fixtureId}:${r?.n ?? 0}:${r?.last ?? 0}`;
}

/** What a tournament's series is computed from: its row, first tee time and the field's ratings. */
export interface GolfSeriesSource {
  row: FixtureRow;
  /** ISO 8601 UTC first tee time. */
  kickoff: string;
  ratings: Map<string, GolfRating>;
}

/**
 * The source of a golf tournament's series: the players rated on the completed rounds of the
 * golf tournaments in the store that started before it (their events before its first tee time).
 * @returns null when there is no golf fixture `fixtureId`
 * @throws CorrectionError when an earlier tournament's corrections cannot be applied
 */
export async function golfSeriesSource(db: Tx, fixtureId: number): Promise<GolfSeriesSource | null> {
  const row = await golfRow(db, fixtureId);
  return row ? sourceOf(db, row) : null;
}

async function golfRow(db: Tx, fixtureId: number): Promise<FixtureRow | undefined> {
  const [row] = (await selectFixtures(db).where(
    and(eq(t.fixtures.id, fixtureId), eq(t.fixtures.sport, 'golf')),
  )) as FixtureRow[];
  return row;
}

async function sourceOf(db: Tx, row: FixtureRow): Promise<GolfSeriesSource> {
  const kickoff = isoUtc(row.kickoff);
  const earlierRows = await db
    .select({ id: t.fixtures.id })
    .from(t.fixtures)
    .where(and(eq(t.fixtures.sport, 'golf'), lt(t.fixtures.kickoff, row.kickoff)));
  const earlier = [];
  for (const e of earlierRows) earlier.push(effectiveLog(await fixtureLog(db, e.id)).effective);
  return { row, kickoff, ratings: golfRatings(earlier, kickoff) };
}

/**
 * A golf tournament's series.
 * @returns the answer, or null when there is no golf fixture `fixtureId`
 * @throws CorrectionError when the log's corrections cannot be applied
 */
export async function readGolfWinProbability(db: Db, fixtureId: number): Promise<GolfWinProbabilityResponse | null> {
  const row = await golfRow(db, fixtureId);
  if (!row) return null;
  const version = await golfVersion(db, row.kickoff, fixtureId);
  return memo.get(String(fixtureId), version, Number.POSITIVE_INFINITY, async () => {
    const { kickoff, ratings } = await sourceOf(db, row);
    const log = effectiveLog(await fixtureLog(db, fixtureId)).effective;
    const points = golfWinProbabilitySeries(ratings, kickoff, log);
    const pre = points[0];
    return {
      fixture_id: row.id,
      sport: 'golf',
      bookmaker: 'scoreline-model',
      is_model: true,
      started_from: 'rating',
      field_size: golfEntrants(log).length,
      prematch: {
        field: pre.field,
        others: pre.others,
        ratings: pre.field.map((f) => ({
          player: f.player,
          scoring_average: ratings.get(f.player)?.scoring_average ?? TOUR_MEAN_TO_PAR,
          rounds: ratings.get(f.player)?.rounds ?? 0,
        })),
      },
      points,
    };
  });
}
