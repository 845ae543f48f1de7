/**
 * Live golf win-probability points (docs/websocket.md `golf.win-probability`, docs/webhooks.md
 * `win_probability.updated`): the golf half of live-win-probability.ts. Recomputing a golf
 * series from its log on every event costs the whole field's probabilities once per event so far
 * (a 4-round PGA Tour field has ~10,000 hole events), so each followed tournament keeps its golf
 * rules state and last point between events (lib/win-probability/golf-series.ts
 * GolfSeriesFold) and folds only the new event: one exact field computation (golf.ts) per event.
 *
 * The series is recomputed from the stored effective log instead when the fold cannot simply go
 * on: the tournament was not followed here, an event of it was not seen here (one indexed query
 * per event checks that), the event is a correction (it rewrites the log), or no event has moved
 * the series yet (its pre-match field is read from the log so far). Either way the point after
 * an event is the last point of GET /v1/golf/matches/{fixture_id}/win-probability over the log up
 * to that event.
 */
import { CORRECTION_TYPE, effectiveLog } from '@/lib/match/corrections';
import type { FixtureInfo } from '@/lib/match/types';
import { GolfSeriesFold, golfPrematchPoint } from '@/lib/win-probability/golf-series';
import type { GolfWinProbabilityPoint } from '@/lib/wire/golf-win-probability';
import type { Tx } from '../store/db';
import { golfSeriesSource, type GolfSeriesSource } from './read-golf-win-probability';
import { fixtureLog, previousSeqOf, type StoredLogEntry } from './read-win-probability';

/** Golf tournaments whose fold is kept between events (least recently used dropped). */
export const MAX_GOLF_FIXTURES = 64;

interface GolfMemo {
  src: GolfSeriesSource;
  fold: GolfSeriesFold;
  /** Seq of the last event folded (0: none). */
  lastSeq: number;
}

/** A stored golf event as the bus or the log reader hands it over. */
export interface GolfSeqEvent {
  seq: number;
  fixture: FixtureInfo;
  event: StoredLogEntry['event'];
}

/** Follows golf tournaments' series one stored event at a time (call in seq order per fixture; any order is correct, only slower). */
export class LiveGolfWinProbability {
  private readonly memo = new Map<number, GolfMemo>();
  /** Events folded onto a kept fold / series recomputed from the log (benches, tests). */
  readonly counts = { folded: 0, recomputed: 0 };

  /**
   * The tournament's series' last point after the event at `m.seq` and whether that event
   * changed it; null when it has no series (not a golf fixture, or corrections the log cannot take).
   * @param db the store (or a transaction) holding the tournament's events before `m.seq`
   */
  async latestAfter(db: Tx, m: GolfSeqEvent): Promise<{ point: GolfWinProbabilityPoint; changed: boolean } | null> {
    const id = m.fixture.id;
    const memo = this.memo.get(id);
    this.memo.delete(id); // re-inserted below: least recently used first in the map's order
    if (
      memo &&
      memo.lastSeq < m.seq &&
      memo.fold.last.event !== null &&
      m.event.type !== CORRECTION_TYPE &&
      (await previousSeqOf(db, id, m.seq)) === memo.lastSeq
    ) {
      const point = memo.fold.step({ event: m.event, occurred_at: m.event.occurred_at });
      memo.lastSeq = m.seq;
      this.counts.folded += 1;
      this.keep(id, memo);
      return { point: memo.fold.last, changed: point !== null };
    }
    const src = memo?.src ?? (await golfSeriesSource(db, id));
    if (!src) return null;
    const prior = await fixtureLog(db, id, m.seq);
    // Not followed up to here: the point it changes from is the series' last over the log before it.
    const before = memo?.lastSeq === (prior.at(-1)?.event.seq ?? 0) ? memo.fold.last : foldOf(src, prior)?.last;
    const next = this.memoOf(id, src, [...prior, { event: m.event, occurred_at: m.event.occurred_at }]);
    if (!next) return null;
    return { point: next.fold.last, changed: JSON.stringify(before) !== JSON.stringify(next.fold.last) };
  }

  /**
   * The last point of the tournament's series over its whole stored log now (its fold kept for
   * the next events); null when it has no series. For a tournament live when the process started.
   */
  async latestOf(db: Tx, fixture: FixtureInfo): Promise<GolfWinProbabilityPoint | null> {
    const src = this.memo.get(fixture.id)?.src ?? (await golfSeriesSource(db, fixture.id));
    this.memo.delete(fixture.id);
    if (!src) return null;
    return this.memoOf(fixture.id, src, await fixtureLog(db, fixture.id))?.fold.last ?? null;
  }

  /** A fold over `log` (corrections applied), kept; null when the log's corrections cannot be applied. */
  private memoOf(id: number, src: GolfSeriesSource, log: StoredLogEntry[]): GolfMemo | null {
    const fold = foldOf(src, log);
    if (!fold) return null;
    const memo = { src, fold, lastSeq: log.at(-1)?.event.seq ?? 0 };
    this.counts.recomputed += 1;
    this.keep(id, memo);
    return memo;
  }

  private keep(id: number, memo: GolfMemo): void {
    this.memo.set(id, memo);
    for (const k of this.memo.keys()) {
      if (this.memo.size <= MAX_GOLF_FIXTURES) break;
      this.memo.delete(k);
    }
  }
}

/** The series folded over a stored log (corrections applied); null when they cannot be (the REST series refuses it too). */
function foldOf(src: GolfSeriesSource, log: StoredLogEntry[]): GolfSeriesFold | null {
  let effective: StoredLogEntry[];
  try {
    effective = effectiveLog(log).effective;
  } catch {
    return null;
  }
  const fold = new GolfSeriesFold(src.ratings, golfPrematchPoint(src.ratings, src.kickoff, effective));
  for (const e of effective) fold.step(e);
  return fold;
}
