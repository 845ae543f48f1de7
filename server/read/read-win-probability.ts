/**
 * A match's win-probability series (GET /v1/{sport}/matches/{fixture_id}/win-probability,
 * docs/odds.md "Win probability"): the pre-match probability from Elo ratings over the sport's
 * finished results in the store strictly before the fixture's kickoff (lib/win-probability/prematch.ts;
 * national teams seeded from the bundled international results before the tournament's first
 * kickoff; NBA and NHL teams from FiveThirtyEight's bundled season-start Elo, each rating only for
 * fixtures on or after its date), then the in-play series recomputed from the fixture's effective event log
 * (corrections applied), so it is the same after a restart and moves back when a correction
 * retracts an event. Baseball's run tables are counted once from the bundled Retrosheet play-by-play.
 */
import { and, asc, eq, lt, max } from 'drizzle-orm';
import { effectiveLog } from '@/lib/match/corrections';
import { modelLine } from '@/lib/odds/model-line';
import { rulesOptions } from '@/lib/match/state';
import type { InPlayContext } from '@/lib/win-probability/inplay';
import { winProbabilitySeries, type SeriesPoint } from '@/lib/win-probability/series';
import type { Sport } from '@/lib/sports';
import type { WinProbabilityResponse } from '@/lib/wire/win-probability';
import { baseballTables } from './baseball-tables';
import { isoUtc, selectFixtures, type FixtureRow } from '../store/fixture-info';
import type { Db, Tx } from '../store/db';
import { toStoredEvent } from '../store/event-row';
import * as t from '../store/schema';
import { NATIONAL } from './prematch-batch';
import { fixturePrematchOf, prematchPassesOf } from './prematch-passes';
import { finishedSeriesOf } from '../win-probability/finished-series';
import type { StoredLogEntry } from '../win-probability/recompute-types';
import { missing } from './result';

export { baseballTables };

/** True for a match that needs a winner: football knockouts of tournaments, every sport without draws. */
export function isKnockout(r: FixtureRow): boolean {
  if (r.sport === 'football') return NATIONAL.has(r.slug) && r.round !== null && !/group|matchday/i.test(r.round);
  if (r.sport === 'rugby') return rulesOptions(r).playoff === true;
  return true;
}

/**
 * A fixture's pre-match probability from the ratings over its sport's results before its kickoff
 * (national teams: the tournament's results on the international-results seed; NBA / NHL: on
 * FiveThirtyEight's season-start ratings dated on or before the kickoff) — the sport's one
 * ratings pass (prematch-batch.ts), the same numbers as the list rows' `win_probability`.
 * @returns the fixture row and its pre-match probability (football: with goal rates), null when
 *   there is no such fixture of `sport`, or for golf
 */
export async function fixturePrematch(db: Tx, sport: string, fixtureId: number) {
  const [row] = (await selectFixtures(db).where(
    and(eq(t.fixtures.id, fixtureId), eq(t.fixtures.sport, sport)),
  )) as FixtureRow[];
  if (!row || sport === 'golf') return null;
  const s = sport as Exclude<Sport, 'golf'>;
  const prematch = (await fixturePrematchOf(db, sport, row.id))!;
  return { row, sport: s, prematch, kickoff: isoUtc(row.kickoff) };
}

/** What a fixture's series is computed from: its row, the in-play context (pre-match fitted once), kickoff and rules options. */
export interface SeriesSource {
  row: FixtureRow;
  ctx: InPlayContext;
  /** ISO 8601 UTC. */
  kickoff: string;
  options: { playoff?: boolean };
}

/**
 * The source of a fixture's series (its pre-match probability read once; reuse it for every
 * later point of the same fixture).
 * @returns null when there is no such fixture of `sport`, or for golf
 */
export async function seriesSource(db: Tx, sport: string, fixtureId: number): Promise<SeriesSource | null> {
  const f = await fixturePrematch(db, sport, fixtureId);
  if (!f) return null;
  const { row, prematch, kickoff, sport: s } = f;
  const ctx: InPlayContext = {
    sport: s,
    prematch,
    knockout: isKnockout(row),
    run_tables: s === 'baseball' ? await prematchPassesOf(db).runTables() : undefined,
  };
  return { row, ctx, kickoff, options: rulesOptions(row) };
}

export type { StoredLogEntry };

/**
 * A fixture's stored log in seq order (corrections included), optionally only the seqs < `beforeSeq`.
 */
export async function fixtureLog(db: Tx, fixtureId: number, beforeSeq?: number): Promise<StoredLogEntry[]> {
  const events = await db
    .select()
    .from(t.matchEvents)
    .where(
      beforeSeq == null
        ? eq(t.matchEvents.fixtureId, fixtureId)
        : and(eq(t.matchEvents.fixtureId, fixtureId), lt(t.matchEvents.seq, beforeSeq)),
    )
    .orderBy(asc(t.matchEvents.seq));
  return events.map(toStoredEvent).map((e) => ({ event: e, occurred_at: e.occurred_at }));
}

/** The seq of a fixture's latest stored event before `beforeSeq` (0 when it has none). */
export async function previousSeqOf(db: Tx, fixtureId: number, beforeSeq: number): Promise<number> {
  const [r] = await db
    .select({ seq: max(t.matchEvents.seq) })
    .from(t.matchEvents)
    .where(and(eq(t.matchEvents.fixtureId, fixtureId), lt(t.matchEvents.seq, beforeSeq)));
  return Number(r?.seq ?? 0);
}

/** The series of a log (corrections applied first): pure, the same log gives the same points. */
export function seriesOfLog(src: SeriesSource, log: readonly StoredLogEntry[]): SeriesPoint[] {
  const { effective } = effectiveLog(log as StoredLogEntry[]);
  return winProbabilitySeries(src.ctx, src.kickoff, effective, src.options);
}

/**
 * The series of one fixture.
 * @returns {@link WinProbabilityResponse}, or a NotFound `fixture_not_found` read failure (also
 *   for golf: a field, not two sides)
 */
export async function readWinProbability(db: Db, sport: string, fixtureId: number) {
  // A finished match recomputed off the event loop, while its log is unchanged (server/win-probability/finished-series.ts).
  const kept = await finishedSeriesOf(db)?.answer(db, sport, fixtureId);
  if (kept) return kept;
  const src = await seriesSource(db, sport, fixtureId);
  if (!src)
    return missing(
      'fixture_not_found',
      sport === 'golf'
        ? 'Golf has a field, not two sides: no home/away win probability.'
        : `No ${sport} match with fixture_id ${fixtureId}.`,
    );
  return seriesBody(src, await fixtureLog(db, fixtureId));
}

/**
 * The win-probability answer of a fixture from its source and stored log (pure: the same log
 * gives the same answer).
 * @throws CorrectionError / RuleError when the log cannot be folded
 */
export function seriesBody(src: SeriesSource, log: readonly StoredLogEntry[]): WinProbabilityResponse {
  const { row, ctx } = src;
  const pre = ctx.prematch;
  const points = seriesOfLog(src, log);
  return {
    fixture_id: row.id,
    sport: row.sport,
    bookmaker: 'scoreline-model',
    is_model: true,
    started_from: 'rating',
    knockout: ctx.knockout,
    prematch: {
      home: pre.home,
      draw: pre.draw,
      away: pre.away,
      home_rating: pre.rating?.home_rating ?? null,
      away_rating: pre.rating?.away_rating ?? null,
    },
    points,
    line: modelLine(pre, points.at(-1)!),
  };
}
